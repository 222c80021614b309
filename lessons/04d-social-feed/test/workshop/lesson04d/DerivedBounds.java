package workshop.lesson04d;

/**
 * The bounds the brief implies, derived from its budget and rates as a learner derives them: a
 * question's share of the budget is the budget over the calls a second that share it. A test names
 * a bound and its arithmetic only in a failure.
 */
final class DerivedBounds {

    private DerivedBounds() {}

    /** Partitions one F1 or one F2 may read: the feed's read budget over both questions' calls. */
    static int partitionsPerFeedRead() {
        return (int) (FeedBudget.FEED_READS_PER_SECOND / feedCallsPerSecond());
    }

    static String partitionsPerFeedReadWhy() {
        return String.format("%,d partition reads a second / (%s + %s) = %d a call", FeedBudget.FEED_READS_PER_SECOND,
                FeedQuestions.F1.brief().rate(), FeedQuestions.F2.brief().rate(), partitionsPerFeedRead());
    }

    /** Partitions one post may write: the posts' write budget over their rate, whoever posts. */
    static long writesPerPost() {
        return (long) (FeedBudget.POST_WRITES_PER_SECOND / FeedQuestions.F4.brief().rate().timesPerSecond());
    }

    static String writesPerPostWhy() {
        return String.format("%,d partition writes a second / %s = %,d a post", FeedBudget.POST_WRITES_PER_SECOND,
                FeedQuestions.F4.brief().rate(), writesPerPost());
    }

    private static double feedCallsPerSecond() {
        return FeedQuestions.F1.brief().rate().timesPerSecond() + FeedQuestions.F2.brief().rate().timesPerSecond();
    }
}
