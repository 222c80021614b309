package workshop.lesson08;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.Measured;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;
import workshop.testkit.ListExpectations;

@ExtendWith(CassandraExtension.class)
class KeysetPagingTest {

    /** Small buckets and pages, so a hundred messages span several partitions (the lesson uses 100,000 and 50). */
    static final long BUCKET_SIZE = 25;
    /** Seq 1..80 and more as tests send: buckets 0 to 3. */
    static final long LONG_CHANNEL = 11;
    /** Seq 1..30: its newest page straddles buckets 1 and 0. No test adds to it. */
    static final long SHORT_CHANNEL = 12;
    static final int PAGE = 10;
    static final String ONE_PAGE_ONLY = "A page reads the rows it returns: seq < cursor in the cursor's bucket with LIMIT,"
            + " then the previous bucket only for the rows still missing (LIMIT size minus what you have).";

    static final String STRICTLY_BELOW = "newest first, strictly below the cursor's seq (seq < beforeSeq):"
            + " the cursor's own message was on the page before";

    /** Every message sent, in the order the sends returned; the writer thread of one test appends too. */
    private static final List<Message> SENT = Collections.synchronizedList(new ArrayList<>());
    private static TracingSession session;
    private static ChannelMessages messages;

    /** Loads once per class; while createTables or send fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (messages != null) {
            return;
        }
        ChannelMessages fresh = new ChannelMessages(traced, BUCKET_SIZE);
        fresh.createTables();
        SENT.clear();
        for (int i = 0; i < 110; i++) {
            send(fresh, i < 60 && i % 2 == 1 ? SHORT_CHANNEL : LONG_CHANNEL);
        }
        session = traced;
        messages = fresh;
    }

    private static Message send(ChannelMessages to, long channel) {
        long senderId = 1 + SENT.size() % 5;
        String clientMsgId = "c" + channel + "-" + SENT.size();
        String body = "message " + SENT.size() + " of channel " + channel;
        Sent sent = to.send(channel, senderId, clientMsgId, body);
        Message message = new Message(channel, sent.seq(), sent.messageId(), senderId, clientMsgId, body);
        SENT.add(message);
        return message;
    }

    /** What the channel holds now, newest first. */
    private static List<Message> history(long channel) {
        synchronized (SENT) {
            return SENT.stream().filter(m -> m.channelId() == channel)
                    .sorted(Comparator.comparingLong(Message::seq).reversed()).toList();
        }
    }

    private static List<Message> below(List<Message> history, long beforeSeq, int size) {
        return history.stream().filter(m -> m.seq() < beforeSeq).limit(size).toList();
    }

    private static List<Long> seqs(List<Message> page) {
        return page.stream().map(Message::seq).toList();
    }

    @Test
    @DisplayName("each channel numbers its messages 1, 2, 3... in the order they were sent")
    void seqsCountFromOne() {
        for (long channel : new long[] {LONG_CHANNEL, SHORT_CHANNEL}) {
            List<Long> inSendOrder;
            synchronized (SENT) {
                inSendOrder = SENT.stream().filter(m -> m.channelId() == channel).map(Message::seq).toList();
            }
            for (int i = 0; i < inSendOrder.size(); i++) {
                assertEquals(i + 1, inSendOrder.get(i), "channel " + channel + ": send number " + (i + 1)
                        + " got seq " + inSendOrder.get(i) + ". Seqs count from 1 in each channel, one per message"
                        + " (allocate them from channel_head, which keeps the channel's high-water seq).");
            }
        }
    }

    @Test
    @DisplayName("the newest page: the newest messages, newest first, and a cursor below the last one")
    void newestPage() {
        List<Message> history = history(LONG_CHANNEL);
        Page page = messages.newest(LONG_CHANNEL, PAGE);
        assertEquals(history.subList(0, PAGE), page.messages());
        assertEquals(Optional.of(new Cursor(LONG_CHANNEL, history.get(PAGE - 1).seq())), page.next(),
                "the next cursor continues below the oldest message of this page");
    }

    @Test
    @DisplayName("scrolling back through four buckets while messages arrive: every page exact, every message once")
    void scrollBackWhileMessagesArrive() {
        List<Message> before = history(LONG_CHANNEL);
        Page page = messages.newest(LONG_CHANNEL, PAGE);
        assertEquals(before.subList(0, PAGE), page.messages(), "the newest page");
        List<Message> shown = new ArrayList<>(page.messages());
        while (page.next().isPresent()) {
            for (int i = 0; i < 3; i++) {
                send(messages, LONG_CHANNEL); // they land above the reader: its next page must not move
            }
            Cursor cursor = page.next().get();
            Measured<Page> measured = session.measure(() -> messages.older(LONG_CHANNEL, cursor, PAGE));
            Page current = measured.value();
            ListExpectations.assertSameList("older(" + cursor + ", " + PAGE + ") after 3 new messages arrived",
                    below(before, cursor.beforeSeq(), PAGE), current.messages(), STRICTLY_BELOW);
            CostExpectations.assertReadAtMost("older(" + cursor + ", " + PAGE + ")", measured.cost(), 2, PAGE, ONE_PAGE_ONLY);
            shown.addAll(current.messages());
            page = current;
        }
        assertEquals(seqs(before), seqs(shown), "scrolling to the end shows every message that existed, each once, in order");
    }

    @Test
    @DisplayName("a writer sends while a reader pages back in another thread: the pages do not move")
    void concurrentWriter() throws Exception {
        Page first = messages.newest(LONG_CHANNEL, 8);
        List<Message> before = history(LONG_CHANNEL);
        assertEquals(before.subList(0, 8), first.messages(), "the newest page");
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < 15; i++) {
                send(messages, LONG_CHANNEL);
            }
        });
        List<Message> shown = new ArrayList<>(first.messages());
        Page page = first;
        while (page.next().isPresent()) {
            Cursor cursor = page.next().get();
            page = messages.older(LONG_CHANNEL, cursor, 8);
            assertEquals(below(before, cursor.beforeSeq(), 8), page.messages(), "older(" + cursor + ", 8) while a writer sends");
            shown.addAll(page.messages());
        }
        writer.get();
        assertEquals(seqs(before), seqs(shown), "every message that existed when the reader started, each once, in order");
    }

    @Test
    @DisplayName("a page inside one bucket reads one partition and only its own rows")
    void pageInsideOneBucket() {
        assertPage(45, 1); // 44..35, all in bucket 1
    }

    @Test
    @DisplayName("a page that crosses a bucket boundary reads two partitions and still only the page's rows")
    void pageAcrossBuckets() {
        assertPage(55, 2); // 54..50 in bucket 2, 49..45 in bucket 1
    }

    /** older(seq < beforeSeq) of the long channel is exact and reads at most the page's rows in that many partitions. */
    private static void assertPage(long beforeSeq, int partitions) {
        Cursor cursor = new Cursor(LONG_CHANNEL, beforeSeq);
        Measured<Page> result = session.measure(() -> messages.older(LONG_CHANNEL, cursor, PAGE));
        assertEquals(below(history(LONG_CHANNEL), beforeSeq, PAGE), result.value().messages());
        CostExpectations.assertReadAtMost("older(" + cursor + ", " + PAGE + ")", result.cost(), partitions, PAGE, ONE_PAGE_ONLY);
    }

    @Test
    @DisplayName("the newest page of a channel early in a bucket: channel_head, then two buckets, only the page's rows")
    void newestPageAcrossBuckets() {
        Measured<Page> result = session.measure(() -> messages.newest(SHORT_CHANNEL, PAGE));
        assertEquals(history(SHORT_CHANNEL).subList(0, PAGE), result.value().messages());
        CostExpectations.assertReadAtMost("newest(" + SHORT_CHANNEL + ", " + PAGE + ")", result.cost(), 3, PAGE + 1,
                "The newest page reads the channel's head row (1 row) to find the current bucket, then at most the"
                        + " page's rows from that bucket and the one before it (LIMIT what the page still needs).");
    }

    @Test
    @DisplayName("the last page: fewer messages than asked, or exactly as many, and no next cursor either way")
    void lastPage() {
        List<Message> history = history(SHORT_CHANNEL);
        Measured<Page> shortPage = session.measure(() -> messages.older(SHORT_CHANNEL, new Cursor(SHORT_CHANNEL, 8), PAGE));
        ListExpectations.assertSameList("older(seq < 8, " + PAGE + ")", below(history, 8, PAGE), shortPage.value().messages(),
                STRICTLY_BELOW);
        assertEquals(Optional.empty(), shortPage.value().next(), "older(seq < 8) holds seq 7..1 and nothing comes after it");
        CostExpectations.assertReadAtMost("older(seq < 8, " + PAGE + ")", shortPage.cost(), 1, 7,
                "Bucket 0 is the oldest there is: stop there.");
        Page fullPage = messages.older(SHORT_CHANNEL, new Cursor(SHORT_CHANNEL, PAGE + 1), PAGE);
        assertEquals(new Page(below(history, PAGE + 1, PAGE), Optional.empty()), fullPage,
                "older(seq < " + (PAGE + 1) + ") holds seq " + PAGE + "..1: a full page, yet nothing is older, so there is"
                        + " no next cursor");
    }

    @Test
    @DisplayName("a channel with no messages: an empty page, no cursor, one head row looked up")
    void emptyChannel() {
        Measured<Page> result = session.measure(() -> messages.newest(999, PAGE));
        assertEquals(new Page(List.of(), Optional.empty()), result.value());
        CostExpectations.assertReadAtMost("newest(999, " + PAGE + ")", result.cost(), 1, 0,
                "channel_head has no row for this channel, so there is no bucket to read.");
    }

    @Test
    @DisplayName("a cursor from another channel is refused with a clear error, before anything is read")
    void cursorOfAnotherChannel() {
        Cursor foreign = new Cursor(SHORT_CHANNEL, 20);
        IllegalArgumentException refused = refusedBeforeReading("older(" + LONG_CHANNEL + ", " + foreign + ", " + PAGE + ")",
                () -> messages.older(LONG_CHANNEL, foreign, PAGE));
        assertTrue(refused.getMessage() != null && refused.getMessage().contains(Long.toString(SHORT_CHANNEL)),
                "say which channel the cursor belongs to; the message was: " + refused.getMessage());
    }

    @Test
    @DisplayName("a page size below 1 or above 100 is refused with a clear error, before anything is read")
    void badPageSizes() {
        Cursor cursor = new Cursor(LONG_CHANNEL, 40);
        for (int size : new int[] {0, -1, 101, Integer.MAX_VALUE}) {
            IllegalArgumentException newest = refusedBeforeReading("newest(" + LONG_CHANNEL + ", " + size + ")",
                    () -> messages.newest(LONG_CHANNEL, size));
            IllegalArgumentException older = refusedBeforeReading("older(" + LONG_CHANNEL + ", " + cursor + ", " + size + ")",
                    () -> messages.older(LONG_CHANNEL, cursor, size));
            for (IllegalArgumentException refused : List.of(newest, older)) {
                assertTrue(refused.getMessage() != null && refused.getMessage().contains(Integer.toString(size)),
                        "say which size was asked for (" + size + "); the message was: " + refused.getMessage());
            }
        }
    }

    @Test
    @DisplayName("a cursor below seq 1 is refused; one far past the newest message costs one partition, not a walk")
    void forgedCursors() {
        for (long seq : new long[] {0, -5}) {
            refusedBeforeReading("older(" + LONG_CHANNEL + ", seq < " + seq + ", " + PAGE + ")",
                    () -> messages.older(LONG_CHANNEL, new Cursor(LONG_CHANNEL, seq), PAGE));
        }
        Cursor farAhead = new Cursor(LONG_CHANNEL, 1_000_000_000_000L);
        Measured<Optional<Page>> result = session.measure(() -> {
            try {
                return Optional.of(messages.older(LONG_CHANNEL, farAhead, PAGE));
            } catch (IllegalArgumentException refused) {
                return Optional.empty();
            }
        });
        result.value().ifPresent(page -> assertEquals(new Page(List.of(), Optional.empty()), page,
                "no message lies just below " + farAhead.beforeSeq()));
        CostExpectations.assertReadAtMost("older(" + farAhead + ", " + PAGE + ")", result.cost(), 2, 1,
                "Seqs are dense: a bucket with nothing below the cursor means there is nothing to find (or check the"
                        + " cursor against channel_head and refuse it). Walking back through billions of empty buckets is a scan.");
    }

    /** Runs the call, expects an IllegalArgumentException, and checks no statement ran first. */
    private static IllegalArgumentException refusedBeforeReading(String call, Supplier<Page> work) {
        Measured<IllegalArgumentException> result = session.measure(() -> {
            try {
                Page page = work.get();
                fail(call + " should be refused with an IllegalArgumentException; it answered " + page.messages().size()
                        + " message(s)");
                return null;
            } catch (IllegalArgumentException refused) {
                return refused;
            }
        });
        assertNotNull(result.value());
        CostExpectations.assertNothingRan(call, result.cost());
        return result.value();
    }
}
