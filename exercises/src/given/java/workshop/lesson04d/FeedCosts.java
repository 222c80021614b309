package workshop.lesson04d;

/** The brief's bounds on cost, whatever the design: the tests measure them on the store. */
public final class FeedCosts {

    /**
     * F1 and F2 answer within 50 and 20 ms at their p99: the answer waits for its slowest read, so
     * a feed never reads one partition per account followed (a user follows up to 2,000).
     */
    public static final int MOST_PARTITIONS_READ = 10;
    /** A post is written within 200 ms at its p99, and a million copies are not. */
    public static final int MOST_WRITES_PER_POST = 1_000;

    private FeedCosts() {}
}
