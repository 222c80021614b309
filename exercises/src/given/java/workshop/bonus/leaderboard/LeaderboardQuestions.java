package workshop.bonus.leaderboard;

import java.time.Duration;
import workshop.kit.catalogue.BriefQuestion;
import workshop.kit.catalogue.QuestionInBrief;
import workshop.kit.catalogue.Rate;

/**
 * The brief of a second design, for when lesson 09's sensors pass: a game's leaderboards. The
 * questions, how often they come at peak and how fast they must answer; the tables are yours.
 * Rounds holds the data and {@link LeaderboardAnswers} the right answer to each question. Players
 * play for years, and a popular game records millions of rounds a day, so no partition may grow
 * without end.
 */
public enum LeaderboardQuestions implements QuestionInBrief {
    L1("the 10 best scores of a game today, best first; a tie goes to the earlier round (the daily board)", Rate.perSecond(5_000), Duration.ofMillis(50)),
    L2("a player's 20 newest rounds in any game, newest first (their profile)", Rate.perSecond(2_000), Duration.ofMillis(50)),
    L3("one round, by player, game and exact time (the link in a notification)", Rate.perSecond(10), Duration.ofMillis(100)),
    L4("every round above 9,000 points in a month (the prize audit)", Rate.perMonth(1), Duration.ofHours(1)),
    L5("players whose name contains some letters (the friend search)", Rate.perSecond(20), Duration.ofMillis(500));

    private final BriefQuestion brief;

    LeaderboardQuestions(String question, Rate rate, Duration p99) {
        this.brief = new BriefQuestion(question, rate, p99);
    }

    @Override
    public BriefQuestion brief() {
        return brief;
    }
}
