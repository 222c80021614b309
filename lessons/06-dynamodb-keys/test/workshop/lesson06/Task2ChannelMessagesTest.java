package workshop.lesson06;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

@ExtendWith(DynamoExtension.class)
@Tag("task-2")
class Task2ChannelMessagesTest {

    private static final Instant NOW = Instant.parse("2025-06-15T12:00:00Z");
    private static final long CURRENT = ChannelBuckets.at(NOW);
    /** Created seven buckets ago; 30 messages now, two silent buckets, then 100, then 40. */
    private static final long BUSY = Snowflake.firstIdAt(ChannelBuckets.start(CURRENT - 7)) + 1;
    /** Created five buckets ago, never used. */
    private static final long QUIET = Snowflake.firstIdAt(ChannelBuckets.start(CURRENT - 5)) + 2;
    /** Created six buckets ago; its only messages are from that first bucket. */
    private static final long EARLY = Snowflake.firstIdAt(ChannelBuckets.start(CURRENT - 6)) + 3;
    private static final List<ChannelMessage> SENT = new ArrayList<>();
    private static final List<ChannelMessage> EARLY_SENT = new ArrayList<>();
    private static MeteredClient meter;
    private static ChannelMessages messages;

    @BeforeEach
    void loadOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (messages != null) {
            return;
        }
        ChannelMessages fresh = new ChannelMessages(client, tables.of("messages"), Clock.fixed(NOW, ZoneOffset.UTC));
        fresh.createTable();
        SENT.clear();
        send(fresh, CURRENT, 30);
        send(fresh, CURRENT - 3, 100);
        send(fresh, CURRENT - 4, 40);
        EARLY_SENT.clear();
        for (int i = 5; i >= 1; i--) {
            ChannelMessage message = new ChannelMessage(EARLY, EARLY + 1_000L * i, "founder", "early message " + i);
            fresh.add(message);
            EARLY_SENT.add(message);
        }
        meter = metered;
        messages = fresh;
    }

    /** count messages a minute apart from the start of the bucket. */
    private static void send(ChannelMessages target, long bucket, int count) {
        for (int i = 0; i < count; i++) {
            long id = Snowflake.firstIdAt(ChannelBuckets.start(bucket).plusSeconds(60L * i)) + 7;
            ChannelMessage message = new ChannelMessage(BUSY, id, "author" + i % 5, "message " + SENT.size());
            target.add(message);
            SENT.add(message);
        }
    }

    private static List<ChannelMessage> newestFirst() {
        return SENT.stream().sorted(Comparator.comparingLong(ChannelMessage::messageId).reversed()).toList();
    }

    @Test
    @DisplayName("the first page of 50 takes the 30 of this bucket, skips two silent buckets and takes 20 from the third")
    void firstPageWalksBack() {
        Metered<MessagePage> page = meter.measure(() -> messages.page(BUSY, 50, null));
        assertEquals(newestFirst().subList(0, 50), page.value().messages());
        CostExpectations.assertQueriesOnly("page(busy, 50, null)", page.cost(), 4, 50,
                "The 50 newest span 4 buckets (now, two silent ones, then the one with 100): one Query per bucket, "
                        + "each with Limit set to what the page still needs.");
    }

    @Test
    @DisplayName("paging to the end returns every message once, newest first, and the last page has no cursor")
    void pagesThroughEverything() {
        List<ChannelMessage> seen = new ArrayList<>();
        PageCursor cursor = null;
        for (int pages = 1; ; pages++) {
            PageCursor from = cursor;
            Metered<MessagePage> page = meter.measure(() -> messages.page(BUSY, 50, from));
            CostExpectations.assertQueriesOnly("page " + pages, page.cost(), 8, 50,
                    "A page reads at most the items it returns; inside a bucket it continues from LastEvaluatedKey.");
            seen.addAll(page.value().messages());
            cursor = page.value().next();
            if (cursor == null) {
                break;
            }
            if (pages == 10) {
                fail("Still paging after 10 pages of 50 for 170 messages: the cursor never runs out. " + cursor);
            }
        }
        assertEquals(newestFirst(), seen, "every message exactly once, newest first");
    }

    @Test
    @DisplayName("a page ending inside a bucket continues there from LastEvaluatedKey")
    void continuesInsideABucket() {
        MessagePage first = messages.page(BUSY, 40, null);
        assertTrue(first.next() != null && first.next().bucket() == CURRENT - 3 && first.next().exclusiveStartKey() != null,
                "After 30 + 10 messages the next page should continue in bucket " + (CURRENT - 3)
                        + " from the LastEvaluatedKey of the last query, but the cursor is " + first.next());
        Metered<MessagePage> second = meter.measure(() -> messages.page(BUSY, 40, first.next()));
        assertEquals(newestFirst().subList(40, 80), second.value().messages());
        CostExpectations.assertOneQuery("the second page", second.cost(), 40);
    }

    @Test
    @DisplayName("a channel that never had a message stops at the bucket it was created in")
    void quietChannelStops() {
        Metered<MessagePage> page = meter.measure(() -> messages.page(QUIET, 50, null));
        assertEquals(List.of(), page.value().messages());
        assertNull(page.value().next(), "nothing older than the channel itself: the cursor must be null");
        int buckets = (int) (CURRENT - ChannelBuckets.of(QUIET) + 1);
        CostExpectations.assertQueriesOnly("page(quiet, 50, null)", page.cost(), buckets, 0,
                "The channel's id says when it was created: walk back no further than its bucket.");
    }

    @Test
    @DisplayName("a channel whose only messages are in the bucket it was created in: the walk reads that bucket too")
    void creationBucketIsRead() {
        MessagePage page = messages.page(EARLY, 50, null);
        long created = ChannelBuckets.of(EARLY);
        if (!page.messages().equals(EARLY_SENT)) {
            fail(String.format("""
                    page(early, 50, null) returned %d message(s); the channel's %d messages are all in bucket %d, the
                      one it was created in. That bucket is the last one to read, not the first one to skip: walk
                      back while bucket >= ChannelBuckets.of(channelId).""",
                    page.messages().size(), EARLY_SENT.size(), created));
        }
        assertNull(page.next(), "nothing is older than the channel's first bucket: the cursor must be null");
    }

    @Test
    @DisplayName("a page size below 1 or above 100 is refused")
    void badSize() {
        assertThrows(IllegalArgumentException.class, () -> messages.page(BUSY, 0, null));
        assertThrows(IllegalArgumentException.class, () -> messages.page(BUSY, 101, null));
    }
}
