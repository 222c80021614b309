package workshop.bonus.leaderboard;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import workshop.kit.catalogue.Answer;

/**
 * The right answers, worked out from {@link Rounds} in memory, never from your tables: give each
 * sample its question's answer for the same arguments, and the checker fails a run that returns
 * anything else, whatever it cost. Given: you do not need to change it.
 * <pre>
 * LeaderboardQuestions.L1.pattern().plan(...)
 *         .servedBy("blitz, today", LeaderboardAnswers.dailyBoard("blitz"), () -> yourBoard("blitz"))
 * </pre>
 */
public final class LeaderboardAnswers {

    private LeaderboardAnswers() {}

    /** L1: a game's 10 best scores today, best first; a tie goes to the earlier round, then the player id. */
    public static Answer dailyBoard(String gameId) {
        LocalDate today = LocalDate.now(Rounds.CLOCK);
        return Answer.inOrder(Rounds.scores().stream()
                .filter(s -> s.gameId().equals(gameId) && dayOf(s.playedAt()).equals(today))
                .sorted(Comparator.comparing(Score::points).reversed().thenComparing(Score::playedAt).thenComparing(Score::playerId))
                .limit(10).toList());
    }

    /** L2: a player's 20 newest rounds in any game, newest first; rounds at one instant in game id order. */
    public static Answer newestRounds(String playerId) {
        return Answer.inOrder(Rounds.scores().stream().filter(s -> s.playerId().equals(playerId))
                .sorted(Comparator.comparing(Score::playedAt).reversed().thenComparing(Score::gameId)).limit(20).toList());
    }

    /** L3: the round a notification links to, as an Optional: empty when no such round was played. */
    public static Answer round(String playerId, String gameId, Instant playedAt) {
        return Answer.of(Rounds.scores().stream()
                .filter(s -> s.playerId().equals(playerId) && s.gameId().equals(gameId) && s.playedAt().equals(playedAt))
                .findFirst());
    }

    /** L4: every round of the month (UTC) above so many points, in any order. */
    public static Answer above(YearMonth month, int points) {
        List<Score> found = Rounds.scores().stream()
                .filter(s -> YearMonth.from(dayOf(s.playedAt())).equals(month) && s.points() > points).toList();
        return Answer.anyOrder(found);
    }

    private static LocalDate dayOf(Instant time) {
        return LocalDate.ofInstant(time, ZoneOffset.UTC);
    }
}
