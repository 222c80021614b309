package workshop.lesson04d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cassandra.TableWrites;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.MovableClock;

/**
 * F4, a post: where it shows, and what it cost in writes, counted by the store (every partition
 * each table applied while post() ran, whatever statements, batches or async calls sent them).
 */
@ExtendWith(CassandraExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostTest {

    private static final MovableClock CLOCK = MovableClock.at(SocialGraph.NOW);
    private static SocialFeed feed;
    private static CqlSession session;
    private static TracingSession tracing;

    /** Loads once per class; while setUp fails, every test fails with its error. */
    @BeforeEach
    void loadOnce(CqlSession plain, TracingSession traced) {
        if (feed != null) {
            return;
        }
        SocialFeed fresh = new SocialFeed(CLOCK);
        fresh.setUp(traced);
        session = plain;
        tracing = traced;
        feed = fresh;
    }

    @Test
    @Order(1)
    @DisplayName("an ordinary account's post: first on its profile and in a follower's feed, one more on the badge")
    void anOrdinaryPostReachesEveryFollower() {
        int followers = SocialGraph.followersOf(SocialGraph.ORDINARY).size();
        String fan = "f-0042";
        int before = feed.unread(fan);
        Post post = new Post(SocialGraph.ORDINARY, SocialGraph.NOW.minusMillis(1), "p-ordinary-now", "a new post");
        long writes = written(post, followers);
        assertEquals(Optional.of(post), feed.profile(SocialGraph.ORDINARY).stream().findFirst(),
                "the profile shows the post just written first");
        assertEquals(Optional.of(post), feed.feed(fan).stream().findFirst(),
                "the feed of " + fan + ", who follows " + SocialGraph.ORDINARY + ", shows the post just written first");
        assertEquals(Math.min(before + 1, SocialGraph.BADGE_MOST + 1), feed.unread(fan),
                "the badge of " + fan + " counts the post just written (it wrote " + writes + " partitions)");
    }

    @Test
    @Order(2)
    @DisplayName("a large account's post: first in a fan's feed, within a post's share of the write budget")
    void aLargeAccountsPostCostsABoundedNumberOfWrites() {
        int followers = SocialGraph.followersOf(SocialGraph.NEWS).size();
        String fan = "f-1234";
        Post post = new Post(SocialGraph.NEWS, SocialGraph.NOW.minusMillis(3), "p-news-now", "breaking");
        written(post, followers);
        assertEquals(Optional.of(post), feed.feed(fan).stream().findFirst(),
                "the feed of " + fan + ", who follows " + SocialGraph.NEWS + ", shows its post first");
        assertEquals(Optional.of(post), feed.profile(SocialGraph.NEWS).stream().findFirst(),
                "the profile of " + SocialGraph.NEWS + " shows its post first");
    }

    @Test
    @Order(3)
    @DisplayName("a large account's post reads no more rows than a post may write")
    void aLargeAccountsPostReadsABoundedNumberOfRows() {
        int followers = SocialGraph.followersOf(SocialGraph.STAR).size();
        // Writes first, untraced: a post copied to every follower fails there, before 1,500 traced writes.
        written(new Post(SocialGraph.STAR, SocialGraph.NOW.minusMillis(6), "p-star-first", "hello, fans"), followers);
        Post post = new Post(SocialGraph.STAR, SocialGraph.NOW.minusMillis(5), "p-star-now", "hello again, fans");
        QueryCost cost = tracing.measure(() -> feed.post(post));
        if (cost.rangeScans() > 0 || cost.rowsRead() > DerivedBounds.writesPerPost()) {
            fail(String.format("""
                    A post of %s (%,d followers in the sample) read %,d rows in %s partition(s), %d token
                      range(s) scanned, before it wrote: more than a post may write (%s), though a large
                      account's post is copied to nobody. At a million followers that is a million rows read
                      for each post. Read only what decides the copies: the count, or the followers up to the
                      line and one more.""", post.accountId(), followers, cost.rowsRead(), cost.partitionsDescription(),
                    cost.rangeScans(), DerivedBounds.writesPerPostWhy()));
        }
    }

    @Test
    @Order(4)
    @DisplayName("opening the feed sets the badge to 0; a post after it makes it 1")
    void openingTheFeedClearsTheBadge() {
        Instant later = SocialGraph.NOW.plusSeconds(60);
        CLOCK.moveTo(later);
        try {
            feed.opened(SocialGraph.BEN);
            assertEquals(0, feed.unread(SocialGraph.BEN), "the badge of " + SocialGraph.BEN + " just after opening the feed");
            CLOCK.move(Duration.ofSeconds(1));
            feed.post(new Post("a-01", CLOCK.instant(), "p-after-opening", "posted after Ben looked"));
            assertEquals(1, feed.unread(SocialGraph.BEN), "the badge of " + SocialGraph.BEN
                    + " after one post of an account followed, since opening the feed");
        } finally {
            CLOCK.moveTo(SocialGraph.NOW);
        }
    }

    /** Posts it, counting the partitions written on the store; fails past the brief's bound. */
    private static long written(Post post, int followers) {
        TableWrites.Counted<Void> counted = TableWrites.during(session, () -> {
            feed.post(post);
            return null;
        });
        if (counted.total() > DerivedBounds.writesPerPost()) {
            fail(String.format("""
                    A post of %s (%,d followers in the sample) wrote %,d partitions (%s): the brief's write
                      budget allows %s. One copy per follower is fine at 200 followers; at a million, each post
                      is a million writes, and the few large accounts post as often as the rest. Write their
                      posts once, and let the feed find them when it is read.""", post.accountId(), followers,
                    counted.total(), counted.byTable(), DerivedBounds.writesPerPostWhy()));
        }
        return counted.total();
    }
}
