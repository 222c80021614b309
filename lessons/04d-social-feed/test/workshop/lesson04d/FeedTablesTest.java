package workshop.lesson04d;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.LargestPartition;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

/**
 * What the feed's reads cost and its tables hold, whatever their names: the tables are the ones the
 * catalogue's plan for F1 reads. Measured on the user who follows the most accounts, with hundreds
 * of posts unread.
 */
@ExtendWith(CassandraExtension.class)
class FeedTablesTest {

    private static SocialFeed feed;
    private static TracingSession session;
    private static List<String> feedTables;

    /** Loads once per class; while setUp or patterns fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (feed != null) {
            return;
        }
        SocialFeed fresh = new SocialFeed();
        fresh.setUp(traced);
        feedTables = fresh.patterns().stream().filter(p -> p.id().equals("F1")).findFirst()
                .map(AccessPattern::plan).orElseThrow().tables();
        session = traced;
        feed = fresh;
    }

    @Test
    @DisplayName("F1 and F2 of a user who follows 42 accounts stay within their share of the read budget")
    void theFeedReadsABoundedNumberOfPartitions() {
        int followed = SocialGraph.follows().get(SocialGraph.ANA).size();
        int most = DerivedBounds.partitionsPerFeedRead();
        String why = String.format("""
                The brief gives F1 and F2 together their reads a second: %s. A user follows up to
                  %,d accounts: one partition read per account followed is %,d reads for one feed, and it
                  waits for the slowest; each read asks only for the posts it needs. Copy the posts of most
                  accounts into each follower's feed when they are written.""",
                DerivedBounds.partitionsPerFeedReadWhy(), SocialGraph.MOST_FOLLOWED, SocialGraph.MOST_FOLLOWED);
        QueryCost feedCost = session.measure(() -> feed.feed(SocialGraph.ANA)).cost();
        CostExpectations.assertReadAtMost("feed(" + SocialGraph.ANA + "), who follows " + followed + " accounts", feedCost,
                most, (long) SocialGraph.PAGE * most, why);
        QueryCost badgeCost = session.measure(() -> feed.unread(SocialGraph.ANA)).cost();
        CostExpectations.assertReadAtMost("unread(" + SocialGraph.ANA + "), who follows " + followed + " accounts", badgeCost,
                most, (long) (SocialGraph.BADGE_MOST + 1) * most, why);
    }

    @Test
    @DisplayName("F2 of a user with hundreds of posts unread reads at most 100 rows of any partition")
    void theBadgeNeverCountsTheWholeFeed() {
        QueryCost cost = session.measure(() -> feed.unread(SocialGraph.ANA)).cost();
        CostExpectations.assertRowsReadAtMost("unread(" + SocialGraph.ANA + "), with " + FeedOracle.shown(SocialGraph.ANA).size()
                        + " posts unread, from " + cost.partitionsRead() + " partition(s)", cost,
                (long) (SocialGraph.BADGE_MOST + 1) * Math.max(1, cost.partitionsRead()), String.format("""
                        The badge shows %d at most, then "%d+": ask each partition for the posts after the last
                          opening with LIMIT %d, and count those. Counting every post, at %s, reads the whole
                          feed on every screen.""", SocialGraph.BADGE_MOST, SocialGraph.BADGE_MOST,
                        SocialGraph.BADGE_MOST + 1, FeedQuestions.F2.brief().rate()));
    }

    @Test
    @DisplayName("no partition of F1's tables holds more than a feed shows or an account has posted")
    void theFeedKeepsOnlyWhatItShows() {
        long mostShown = SocialGraph.follows().keySet().stream().mapToLong(u -> FeedOracle.shown(u).size()).max().orElse(0);
        Map<String, Long> postsByAccount = SocialGraph.posts().stream()
                .collect(Collectors.groupingBy(Post::accountId, Collectors.counting()));
        long mostPosted = postsByAccount.values().stream().mapToLong(Long::longValue).max().orElse(0);
        // PostTest's posts may share a partition with these: a few more rows are allowed for them.
        long most = Math.max(mostShown, mostPosted) + 3;
        for (String table : feedTables) {
            Optional<LargestPartition> largest = LargestPartition.of(session, table);
            if (largest.isPresent() && largest.get().rows() > most) {
                fail(String.format("""
                        %s's partition (%s) holds %,d rows, though no feed shows more than %,d posts and no account
                          has posted more than %,d. The feed shows %d days: at the brief's sizes (up to %,d accounts
                          followed, %d posts a day of %d bytes) a feed kept forever passes 100 MB in weeks. Let each
                          copy expire when the feed stops showing it (USING TTL what it has left, or
                          default_time_to_live), and load only what is still shown.""",
                        table, largest.get().key(), largest.get().rows(), mostShown, mostPosted, SocialGraph.SHOWN.toDays(),
                        SocialGraph.MOST_FOLLOWED, SocialGraph.POSTS_PER_DAY, SocialGraph.POST_BYTES));
            }
        }
    }
}
