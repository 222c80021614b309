package workshop.lesson04d;

/**
 * What the cluster gives the feed at peak, whatever the design: each question's share of it
 * follows from its rate in {@link FeedQuestions}. Given: you do not need to change it.
 */
public final class FeedBudget {

    /**
     * Partition reads a second the cluster serves to F1 and F2 together at peak, with their p99
     * met: every read of either question counts, the small ones too.
     */
    public static final int FEED_READS_PER_SECOND = 100_000;
    /** Partition writes a second the cluster applies for F4 at peak, with its p99 met. */
    public static final int POST_WRITES_PER_SECOND = 300_000;

    private FeedBudget() {}
}
