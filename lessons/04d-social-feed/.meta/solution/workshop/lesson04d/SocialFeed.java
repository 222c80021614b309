package workshop.lesson04d;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.Plan;

/**
 * Reference design: fan-out on write for ordinary accounts, on read for large ones. A post of an
 * account with at most 500 followers is copied into each follower's home_feed partition (followers
 * + 1 writes); a large account's post is written once, to posts_by_account, and each follower's
 * feed reads it from there: readers holds, per user, the large accounts followed (at most 8) and
 * when the feed was last opened, so F1 and F2 read that row, then the feed partition and each large
 * account's partition side by side, and merge. A feed row lives 3 days (USING TTL what it has
 * left): a user following 2,000 accounts that post 5 times a day gets 10,000 rows of 400 bytes a
 * day, 12 MB over the 3 days shown, where kept forever it passes 100 MB in 25 days. A profile is
 * 5 posts a day, 730 KB a year, so posts_by_account needs no bucket. The badge asks each partition
 * for at most 100 rows after the last opening, never counts the whole feed.
 */
public class SocialFeed implements Catalogue {

    /**
     * Above this many followers a post is not copied: followers read it at read time. The brief's
     * budgets bound the line on both sides. A post may write 300,000 / 300 = 1,000 partitions, its
     * profile's among them, so a copied account has at most 999 followers. F1 and F2 may read
     * 100,000 / (3,000 + 5,000) = 12 partitions a call, the reader row and the feed's own among
     * them, so a user may follow at most 10 accounts over the line: over 300 it is 40, over 500 it
     * is 8. Any line from 500 to 999 fits; 500 copies the fewest posts for its 10 reads.
     */
    static final int MANY = 500;

    private final Clock clock;
    private CqlSession session;
    private PreparedStatement insertPost;
    private PreparedStatement insertFeed;
    private PreparedStatement insertFollower;
    private PreparedStatement insertCount;
    private PreparedStatement insertReader;
    private PreparedStatement readReader;
    private PreparedStatement readFollowers;
    private PreparedStatement feedSlice;
    private PreparedStatement postsSlice;
    private PreparedStatement feedSince;
    private PreparedStatement postsSince;
    private PreparedStatement profileSlice;
    private PreparedStatement open;

    /** The sample data's clock. */
    public SocialFeed() {
        this(SocialGraph.CLOCK);
    }

    public SocialFeed(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String name() {
        return "social feed";
    }

    @Override
    public void setUp(CqlSession newSession) {
        session = newSession;
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS posts_by_account (
                  account_id text, at timestamp, post_id text, text text,
                  PRIMARY KEY ((account_id), at, post_id))
                WITH CLUSTERING ORDER BY (at DESC, post_id DESC)"""));
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS home_feed (
                  user_id text, at timestamp, post_id text, account_id text, text text,
                  PRIMARY KEY ((user_id), at, post_id))
                WITH CLUSTERING ORDER BY (at DESC, post_id DESC)"""));
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS followers (
                  account_id text, follower_id text, follower_count int STATIC,
                  PRIMARY KEY ((account_id), follower_id))"""));
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS readers (
                  user_id text PRIMARY KEY, last_opened timestamp, large_followed set<text>)"""));
        insertPost = session.prepare("INSERT INTO posts_by_account (account_id, at, post_id, text) VALUES (?, ?, ?, ?)");
        insertFeed = session.prepare("""
                INSERT INTO home_feed (user_id, at, post_id, account_id, text) VALUES (?, ?, ?, ?, ?) USING TTL ?""");
        insertFollower = session.prepare("""
                INSERT INTO followers (account_id, follower_id, follower_count) VALUES (?, ?, ?)""");
        insertCount = session.prepare("INSERT INTO followers (account_id, follower_count) VALUES (?, ?)");
        insertReader = session.prepare("INSERT INTO readers (user_id, last_opened, large_followed) VALUES (?, ?, ?)");
        readReader = session.prepare("SELECT last_opened, large_followed FROM readers WHERE user_id = ?");
        readFollowers = session.prepare("SELECT follower_count, follower_id FROM followers WHERE account_id = ? LIMIT ?");
        String columns = "account_id, at, post_id, text";
        // tag::the-merged-slices[]
        feedSlice = session.prepare("SELECT " + columns + " FROM home_feed WHERE user_id = ? AND at > ? LIMIT ?");
        postsSlice = session.prepare("SELECT " + columns + " FROM posts_by_account WHERE account_id = ? AND at > ? LIMIT ?");
        // end::the-merged-slices[]
        feedSince = session.prepare("SELECT at FROM home_feed WHERE user_id = ? AND at > ? LIMIT ?");
        postsSince = session.prepare("SELECT at FROM posts_by_account WHERE account_id = ? AND at > ? LIMIT ?");
        profileSlice = session.prepare("SELECT " + columns + " FROM posts_by_account WHERE account_id = ? LIMIT ?");
        open = session.prepare("UPDATE readers SET last_opened = ? WHERE user_id = ?");
        load();
    }

    private void load() {
        Map<String, Set<String>> follows = SocialGraph.follows();
        List<Statement<?>> writes = new ArrayList<>();
        follows.forEach((user, followed) -> writes.add(insertReader.bind(user, SocialGraph.lastOpened().get(user),
                Set.copyOf(followed.stream().filter(SocialFeed::large).toList()))));
        follows.values().stream().flatMap(Set::stream).distinct().forEach(account -> {
            Set<String> followers = SocialGraph.followersOf(account);
            if (followers.size() > MANY) {
                writes.add(insertCount.bind(account, followers.size())); // nothing fans out to them: no list
            } else {
                followers.forEach(follower -> writes.add(insertFollower.bind(account, follower, followers.size())));
            }
        });
        for (Post post : SocialGraph.posts()) {
            writes.add(byAccount(post));
            if (!large(post.accountId())) {
                SocialGraph.followersOf(post.accountId()).stream().map(user -> intoFeed(user, post))
                        .filter(write -> write != null).forEach(writes::add);
            }
        }
        BulkWriter.write(session, "social graph", writes.size(), i -> writes.get((int) i));
    }

    private static boolean large(String account) {
        return SocialGraph.followersOf(account).size() > MANY;
    }

    @Override
    public List<AccessPattern> patterns() {
        int largeFollowed = SocialGraph.mostFollowedOver(MANY);
        Plan merged = Plan.point("readers").then(Plan.merge(1 + largeFollowed,
                "the feed's partition and each large account followed, at most " + largeFollowed,
                "home_feed", "posts_by_account"));
        return List.of(
                FeedQuestions.F1.pattern().plan(merged).servedOn(FeedOracle.feeds(), this::feed),
                FeedQuestions.F2.pattern().plan(merged).servedOn(FeedOracle.badges(), this::unread),
                FeedQuestions.F3.pattern().plan(Plan.range("posts_by_account")).servedOn(FeedOracle.profiles(), this::profile));
    }

    /** F4: on the profile, and in each follower's feed unless the account is large. */
    public void post(Post post) {
        List<CompletableFuture<AsyncResultSet>> writes = new ArrayList<>();
        writes.add(session.executeAsync(byAccount(post)).toCompletableFuture());
        List<Row> followers = session.execute(readFollowers.bind(post.accountId(), MANY + 1)).all();
        // A large account's partition holds its count alone: one row, with no follower in it.
        boolean copied = followers.isEmpty() || followers.get(0).getInt("follower_count") <= MANY;
        for (Row follower : copied ? followers : List.<Row>of()) {
            BoundStatement write = intoFeed(follower.getString("follower_id"), post);
            if (write != null) {
                writes.add(session.executeAsync(write).toCompletableFuture());
            }
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
    }

    /** F1: the feed's newest, and each large account's newest, merged. */
    public List<Post> feed(String userId) {
        Row reader = session.execute(readReader.bind(userId)).one();
        Instant after = clock.instant().minus(SocialGraph.SHOWN);
        List<CompletableFuture<AsyncResultSet>> slices = new ArrayList<>();
        slices.add(session.executeAsync(feedSlice.bind(userId, after, SocialGraph.PAGE)).toCompletableFuture());
        for (String account : largeFollowed(reader)) {
            slices.add(session.executeAsync(postsSlice.bind(account, after, SocialGraph.PAGE)).toCompletableFuture());
        }
        return rows(slices).map(SocialFeed::post).sorted(Post.NEWEST_FIRST).limit(SocialGraph.PAGE).toList();
    }

    /** F2: each partition asked for at most 100 posts after the later of the last opening and the feed's start. */
    public int unread(String userId) {
        Row reader = session.execute(readReader.bind(userId)).one();
        Instant after = clock.instant().minus(SocialGraph.SHOWN);
        Instant opened = reader == null || reader.isNull("last_opened") ? after : reader.getInstant("last_opened");
        Instant since = opened.isAfter(after) ? opened : after;
        int most = SocialGraph.BADGE_MOST + 1;
        List<CompletableFuture<AsyncResultSet>> slices = new ArrayList<>();
        slices.add(session.executeAsync(feedSince.bind(userId, since, most)).toCompletableFuture());
        for (String account : largeFollowed(reader)) {
            slices.add(session.executeAsync(postsSince.bind(account, since, most)).toCompletableFuture());
        }
        return (int) Math.min(rows(slices).count(), most);
    }

    /** The user opened the feed: the badge counts from now. */
    public void opened(String userId) {
        session.execute(open.bind(clock.instant(), userId));
    }

    /** F3: the account's newest posts. */
    public List<Post> profile(String accountId) {
        List<Post> posts = new ArrayList<>();
        for (Row row : session.execute(profileSlice.bind(accountId, SocialGraph.PAGE))) {
            posts.add(post(row));
        }
        return posts;
    }

    private BoundStatement byAccount(Post post) {
        return insertPost.bind(post.accountId(), post.at(), post.postId(), post.text());
    }

    /** The copy in the user's feed, living what the post has left of the days shown; null when it has nothing left. */
    private BoundStatement intoFeed(String user, Post post) {
        long ttl = Duration.between(clock.instant(), post.at().plus(SocialGraph.SHOWN)).toSeconds();
        return ttl <= 0 ? null : insertFeed.bind(user, post.at(), post.postId(), post.accountId(), post.text(), (int) ttl);
    }

    private static Set<String> largeFollowed(Row reader) {
        return reader == null ? Set.of() : reader.getSet("large_followed", String.class);
    }

    /** Every row of the slices, once all have answered (each fits in its first page: they are limited). */
    private static Stream<Row> rows(List<CompletableFuture<AsyncResultSet>> slices) {
        CompletableFuture.allOf(slices.toArray(CompletableFuture[]::new)).join();
        return slices.stream().flatMap(slice -> {
            List<Row> rows = new ArrayList<>();
            slice.join().currentPage().forEach(rows::add);
            return rows.stream();
        });
    }

    private static Post post(Row row) {
        return new Post(row.getString("account_id"), row.getInstant("at"), row.getString("post_id"), row.getString("text"));
    }
}
