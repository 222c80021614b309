package workshop.lesson04d;

import java.time.Duration;
import java.util.List;
import workshop.kit.catalogue.BriefQuestion;
import workshop.kit.catalogue.QuestionInBrief;
import workshop.kit.catalogue.Rate;

/**
 * The brief of Design a Social Feed: a social app's questions about its home feed, how often they
 * come at peak and how fast they must answer. The tables are yours. {@link SocialGraph} holds the
 * sizes and the sample data, {@link FeedBudget} what the cluster gives the feed at peak, and
 * {@link FeedOracle} the right answer to every sample.
 * The step before tables (lesson 09a): write the entities, keys and relationships, and each
 * question's equality, range and order attributes; workshop.kit.model.MappingRules derives keys.
 */
public enum FeedQuestions implements QuestionInBrief {
    F1("a user's home feed: the " + SocialGraph.PAGE + " newest posts of the accounts they follow",
            Rate.perSecond(3_000), Duration.ofMillis(50)),
    F2("the unread badge: the feed's posts since the user last opened it",
            Rate.perSecond(5_000), Duration.ofMillis(20)),
    F3("an account's profile: its " + SocialGraph.PAGE + " newest posts",
            Rate.perSecond(800), Duration.ofMillis(50)),
    F4("an account posts, shown by F1, F2 and F3 from then on",
            Rate.perSecond(300), Duration.ofMillis(200));

    /** What must hold whatever the design. */
    public static final List<String> RULES = List.of(
            "the newest first; posts of the same millisecond, the greater postId first",
            "the feed shows the last " + SocialGraph.SHOWN.toDays() + " days of posts; a profile, posts of any age",
            "opening the feed (opened(user), with every F1) sets the badge to 0",
            "the badge counts to " + SocialGraph.BADGE_MOST + ", then shows " + SocialGraph.BADGE_MOST
                    + "+: no read of it takes more than " + (SocialGraph.BADGE_MOST + 1) + " rows of a partition",
            String.format("F1 and F2 together read at most %,d partitions a second at peak, whoever the users follow",
                    FeedBudget.FEED_READS_PER_SECOND),
            String.format("posts write at most %,d partitions a second at peak, whoever posts",
                    FeedBudget.POST_WRITES_PER_SECOND),
            "a post reads no more rows before it writes than it may write partitions",
            String.format("no partition passes 100 MB: a post is %d bytes, an account posts %d a day",
                    SocialGraph.POST_BYTES, SocialGraph.POSTS_PER_DAY));

    private final BriefQuestion brief;

    FeedQuestions(String question, Rate rate, Duration p99) {
        this.brief = new BriefQuestion(question, rate, p99);
    }

    @Override
    public BriefQuestion brief() {
        return brief;
    }

    /**
     * Whether the catalogue declares it. A post writes every table that shows it, which no one plan
     * of the checker describes: a test grades F4 by what F1 to F3 show after it and the writes it made.
     */
    @Override
    public boolean catalogued() {
        return this != F4;
    }
}
