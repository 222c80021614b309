package workshop.lesson04d;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import java.util.List;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;

/**
 * Design a Social Feed (tests: SocialFeedCatalogueTest, PostTest, FeedTablesTest), after lesson
 * 04: a social app's home feed, from its brief alone. The questions, their peak rates and p99
 * targets are in {@link FeedQuestions} (./jbang lesson04d prints them):
 *   F1  a user's home feed: the 20 newest posts of the accounts they follow  3,000/s   50 ms
 *   F2  the unread badge: the feed's posts since the user last opened it      5,000/s   20 ms
 *   F3  an account's profile: its 20 newest posts                               800/s   50 ms
 *   F4  an account posts, shown by F1, F2 and F3 from then on                   300/s  200 ms
 * Sizes: most accounts have about 200 followers, a few have a million; a user follows up to 2,000
 * accounts, and SocialGraph.MOST_FOLLOWED_OVER says how many of them can be large (the follower
 * distribution); an account posts 5 times a day, a post is 400 bytes. At peak the cluster gives F1
 * and F2 together 100,000 partition reads a second, and posts 300,000 partition writes a second
 * (FeedBudget): what one feed may read and one post may write is yours to derive. The sample data
 * is SocialGraph (a fixed clock; two accounts with 1,500 followers stand in for those with a
 * million).
 *
 * The rules the tests hold you to:
 *   - the newest first; posts of the same millisecond, the greater postId first
 *   - the feed shows the last 3 days of posts; a profile shows posts of any age
 *   - opened(user) comes with every F1 and sets the badge to 0; the badge counts to 99, then
 *     returns 100 (the app shows "99+"), and no read of it takes more than 100 rows of a partition
 *   - F1 and F2 stay within their share of the read budget, whoever the user follows
 *   - a post stays within its share of the write budget, whoever posts; the tests count the
 *     writes the store applied, however they were sent; it reads no more rows than it may write
 *   - no partition passes 100 MB at the brief's sizes, nor holds posts the feed no longer shows
 *   - every answer is the oracle's: declare F1 to F3 served on FeedOracle's samples
 *     ({@code pattern().plan(...).servedOn(FeedOracle.feeds(), ...)}); F4 is graded by a test
 * Table names, keys and columns are yours: the tests grade answers and measured cost only.
 *
 * Plan first: declare the patterns, then review them with no table built:
 *   ./jbang catalogue --plan lessons/04d-social-feed/src/workshop/lesson04d lessons/04d-social-feed/given/workshop/lesson04d
 * Declare your tables in plannedTables() too (TableShape.table(...)) and the review draws their keys;
 * the check then fails a schema built otherwise. Every check draws your design in .workshop/diagrams/.
 */
public class SocialFeed implements Catalogue {

    private final Clock clock;

    /** The sample data's clock: what the catalogue check runs. */
    public SocialFeed() {
        this(SocialGraph.CLOCK);
    }

    /** @param clock "now", read on every call: what the feed shows, when the user opened it */
    public SocialFeed(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return "social feed";
    }

    /** Creates your tables and loads SocialGraph's follows, posts and last openings. */
    @Override
    public void setUp(CqlSession session) {
        // TODO: design the tables from the questions and the sizes, then load the sample data
        throw new UnsupportedOperationException("TODO: design the tables from FeedQuestions and load SocialGraph's data");
    }

    @Override
    public List<AccessPattern> patterns() {
        // TODO: F1 to F3: FeedQuestions.Fn.pattern().plan(...), served on FeedOracle's samples
        throw new UnsupportedOperationException("TODO: declare the catalogue: a plan and the oracle's samples per question");
    }

    /** F4: the account posts, so that F1, F2 and F3 show it from now on. */
    public void post(Post post) {
        throw new UnsupportedOperationException("TODO: an account posts (F4)");
    }

    /** F1: the user's SocialGraph.PAGE newest feed posts, newest first. */
    public List<Post> feed(String userId) {
        throw new UnsupportedOperationException("TODO: a user's home feed (F1)");
    }

    /** F2: the feed's posts after the user last opened it, at most SocialGraph.BADGE_MOST + 1. */
    public int unread(String userId) {
        throw new UnsupportedOperationException("TODO: the unread badge (F2)");
    }

    /** The user opened the feed now: the badge counts from here. */
    public void opened(String userId) {
        throw new UnsupportedOperationException("TODO: the user opened the feed");
    }

    /** F3: the account's SocialGraph.PAGE newest posts, newest first. */
    public List<Post> profile(String accountId) {
        throw new UnsupportedOperationException("TODO: an account's profile (F3)");
    }
}
