package workshop.lesson03;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cost.Measured;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;
import workshop.testkit.ListExpectations;
import workshop.testkit.MovableClock;

@ExtendWith(CassandraExtension.class)
class BucketedMessagesTest {

    private static final Instant NOW = Instant.parse("2024-06-05T12:00:00Z");
    private static final long TEN_DAYS = Duration.ofDays(10).toMillis();
    private static final int MAX_BUCKETS = 10;
    private static final String WALK = "The walk asks the bucket of now, then each older bucket until it has n messages"
            + " or has asked maxBuckets buckets; each bucket is one partition.";

    /** At NOW, but for the test that moves it between two calls. */
    private static final MovableClock CLOCK = MovableClock.at(NOW);
    private static final List<Message> SENT = new ArrayList<>();
    private static TracingSession session;
    private static BucketedMessages messages;

    /** Loads once per class; while createTable or add fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (messages != null) {
            return;
        }
        BucketedMessages fresh = new BucketedMessages(traced, CLOCK, MAX_BUCKETS);
        fresh.createTable();
        SENT.clear();
        send("busy", 0, 120);     // a busy chat: plenty in the current bucket
        send("busy", 1, 100);
        send("fresh", 0, 10);     // the current bucket has only just begun
        send("fresh", 1, 100);
        send("quiet", 4, 30);     // nothing for 40 days, then a little
        send("quiet", 7, 30);
        send("gone", 15, 20);     // silent for longer than the walk may go back
        for (Message message : SENT) {
            fresh.add(message);
        }
        session = traced;
        messages = fresh;
    }

    /** count messages spread over the bucket `back` buckets before now's (0 is now's, up to now). */
    private static void send(String chat, int back, int count) {
        long from = bucketStart(NOW) - back * TEN_DAYS;
        long to = back == 0 ? NOW.toEpochMilli() : from + TEN_DAYS;
        for (int i = 0; i < count; i++) {
            long id = Snowflake.firstIdAt(Instant.ofEpochMilli(from + (to - from) * i / count));
            SENT.add(new Message(chat, id, chat + " message " + i));
        }
    }

    private static long bucketStart(Instant at) {
        long sinceEpoch = at.toEpochMilli() - Snowflake.EPOCH_MILLIS;
        return Snowflake.EPOCH_MILLIS + sinceEpoch - sinceEpoch % TEN_DAYS;
    }

    /** How many buckets before the clock's a message lies (negative: after it). */
    private static long bucketsBack(long messageId) {
        return (bucketStart(CLOCK.instant()) - bucketStart(Snowflake.instant(messageId))) / TEN_DAYS;
    }

    /** The n newest messages of the chat within the last MAX_BUCKETS buckets up to the clock's, newest first. */
    private static List<Message> newest(String chat, int n) {
        return SENT.stream().filter(m -> m.conversationId().equals(chat) && bucketsBack(m.messageId()) >= 0
                        && bucketsBack(m.messageId()) < MAX_BUCKETS)
                .sorted(Comparator.comparingLong(Message::messageId).reversed()).limit(n).toList();
    }

    /** Partitions a walk reads: back to the oldest bucket it needs, or all MAX_BUCKETS when it runs short. */
    private static int bucketsToAsk(List<Message> answer, int n) {
        return answer.size() < n ? MAX_BUCKETS : (int) bucketsBack(answer.get(answer.size() - 1).messageId()) + 1;
    }

    private static void check(String chat, int n, int expectedBuckets) {
        long idNow = Snowflake.firstIdAt(NOW);
        if (Buckets.bucketOf(idNow) != Buckets.bucketAt(NOW)) {
            fail("Buckets.bucketOf(an id made at " + NOW + ") is " + Buckets.bucketOf(idNow) + ", but Buckets.bucketAt("
                    + NOW + ") is " + Buckets.bucketAt(NOW) + ": messages are stored in one bucket and looked for in"
                    + " another. Fix Buckets first (BucketsTest says how).");
        }
        check(chat, n, expectedBuckets, session.measure(() -> messages.latest(chat, n)));
    }

    private static void check(String chat, int n, int expectedBuckets, Measured<List<Message>> result) {
        List<Message> expected = newest(chat, n);
        ListExpectations.assertSameList("latest(\"" + chat + "\", " + n + ")", expected, result.value(), "newest first,"
                + " walking back from the bucket of the given clock's now (Buckets.bucketAt(clock.instant()))");
        assertEquals(expectedBuckets, bucketsToAsk(expected, n), "the test's own data");
        String call = "latest(\"" + chat + "\", " + n + ")";
        CostExpectations.assertPartitionsRead(call, result.cost(), expectedBuckets, WALK);
        CostExpectations.assertRowsReadAtMost(call, result.cost(), n,
                "Ask each older bucket only for the messages still missing (LIMIT n - found so far).");
    }

    @Test
    @DisplayName("a busy chat: the current bucket alone answers, one partition, 50 rows")
    void busy() {
        check("busy", 50, 1);
    }

    @Test
    @DisplayName("a bucket that has just begun: 10 rows from it, the other 40 from the bucket before (2 partitions)")
    void bucketJustBegun() {
        check("fresh", 50, 2);
    }

    @Test
    @DisplayName("a quiet chat: the walk steps back through empty buckets until it has enough")
    void quiet() {
        check("quiet", 40, 8);
    }

    @Test
    @DisplayName("now is read at every call: a clock moved back a bucket starts the walk a bucket earlier")
    void clockReadAtEveryCall() {
        check("fresh", 50, 2);
        CLOCK.move(Duration.ofDays(-10));
        try {
            Instant now = CLOCK.instant();
            Measured<List<Message>> result = session.measure(() -> messages.latest("fresh", 50));
            result.value().stream().filter(m -> bucketsBack(m.messageId()) < 0).findFirst().ifPresent(m -> fail(
                    "with the clock moved back to " + now + ", latest(\"fresh\", 50) returned " + m + ", from a bucket"
                    + " after the clock's: the walk started from a now read once, before the clock moved (in the"
                    + " constructor?). Read clock.instant() in latest() itself, at every call."));
            check("fresh", 50, 1, result);
        } finally {
            CLOCK.moveTo(NOW);
        }
    }

    @Test
    @DisplayName("a chat silent for longer than maxBuckets: the walk stops at the bound and returns nothing")
    void boundedWalk() {
        Measured<List<Message>> result = session.measure(() -> messages.latest("gone", 10));
        assertTrue(result.value().isEmpty(), "the only messages of \"gone\" are 15 buckets old; expected none, got "
                + result.value().size() + ". The walk must stop after maxBuckets (" + MAX_BUCKETS + ") buckets, whatever"
                + " it has found by then: count the buckets asked, not only how far back bucket numbers go.");
        CostExpectations.assertPartitionsRead("latest(\"gone\", 10)", result.cost(), MAX_BUCKETS,
                "A silent chat must not make Q1 walk forever: stop after maxBuckets buckets.");
    }

    @Test
    @DisplayName("a limit below 1 or above 1,000 is refused before anything is read")
    void badLimit() {
        assertThrows(IllegalArgumentException.class, () -> messages.latest("busy", 0));
        assertThrows(IllegalArgumentException.class, () -> messages.latest("busy", 1_001));
    }
}
