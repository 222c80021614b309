package workshop.lesson08;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.Measured;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

@ExtendWith(CassandraExtension.class)
class IdempotentSendTest {

    static final long CHANNEL = 21;
    static final long SENDER = 5;
    static final String CLIENT_MSG_ID = "phone-5-0001";
    static final String BODY = "on my way";

    private static TracingSession session;
    private static ChannelMessages messages;
    private static Sent first;

    /** Loads once per class; while createTables or send fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (messages != null) {
            return;
        }
        ChannelMessages fresh = new ChannelMessages(traced, 100);
        fresh.createTables();
        for (int i = 0; i < 3; i++) {
            fresh.send(CHANNEL, 9, "earlier-" + i, "an earlier message");
        }
        first = fresh.send(CHANNEL, SENDER, CLIENT_MSG_ID, BODY);
        session = traced;
        messages = fresh;
    }

    /** Every message of the channel, through the pages (newest first). */
    private static List<Message> everything(long channel) {
        List<Message> all = new ArrayList<>();
        Page page = messages.newest(channel, ChannelMessages.MAX_PAGE_SIZE);
        all.addAll(page.messages());
        while (page.next().isPresent()) {
            page = messages.older(channel, page.next().get(), ChannelMessages.MAX_PAGE_SIZE);
            all.addAll(page.messages());
        }
        return all;
    }

    private static long copiesOf(long channel, long senderId, String clientMsgId) {
        return everything(channel).stream()
                .filter(m -> m.senderId() == senderId && m.clientMsgId().equals(clientMsgId)).count();
    }

    @Test
    @DisplayName("a retried send answers the first send's seq and message id, and the channel holds the message once")
    void retryAnswersTheFirstResult() {
        assertEquals(4, first.seq(), "three messages came before it in this channel");
        assertEquals(first, messages.send(CHANNEL, SENDER, CLIENT_MSG_ID, BODY), "the retry of send(" + CLIENT_MSG_ID + ")");
        assertEquals(first, messages.send(CHANNEL, SENDER, CLIENT_MSG_ID, BODY), "a second retry");
        assertEquals(1, copiesOf(CHANNEL, SENDER, CLIENT_MSG_ID), "copies of " + CLIENT_MSG_ID + " in the channel");
    }

    @Test
    @DisplayName("a retried send writes nothing: it finds the first result by the client id")
    void retryWritesNothing() {
        Measured<Sent> retry = session.measure(() -> messages.send(CHANNEL, SENDER, CLIENT_MSG_ID, BODY));
        assertEquals(first, retry.value());
        CostExpectations.assertNothingWritten("the retry of send(" + CLIENT_MSG_ID + ")", retry.cost(),
                "Look the client id up in message_by_client_id first; when it is there, the first send's seq and"
                        + " message id are the answer: no seq to allocate, no message to write.");
        CostExpectations.assertReadAtMost("the retry of send(" + CLIENT_MSG_ID + ")", retry.cost(), 2, 2,
                "One row of message_by_client_id (and at most the message row, to check the first send finished).");
    }

    @Test
    @DisplayName("the client id is kept for one day: message_by_client_id rows carry a TTL of 86,400 s")
    void claimKeptForADay(CqlSession plain) {
        Row ttl = plain.execute(SimpleStatement.newInstance("""
                SELECT TTL(seq) FROM message_by_client_id WHERE channel_id = ? AND sender_id = ? AND client_msg_id = ?""",
                CHANNEL, SENDER, CLIENT_MSG_ID)).one();
        assertNotNull(ttl, "message_by_client_id has no row for (" + CHANNEL + ", " + SENDER + ", " + CLIENT_MSG_ID + ")");
        assertTrue(!ttl.isNull(0) && ttl.getInt(0) > 86_400 - 600 && ttl.getInt(0) <= 86_400,
                "the claim's seq should expire about a day after the send; its TTL is "
                        + (ttl.isNull(0) ? "not set (it would be kept forever)" : ttl.getInt(0) + " s")
                        + ". Use WITH default_time_to_live = 86400 on the table, or USING TTL 86400.");
    }

    @Test
    @DisplayName("the same client id from another sender, or in another channel, is another message")
    void clientIdIsScopedBySenderAndChannel() {
        Sent otherSender = messages.send(CHANNEL, SENDER + 1, CLIENT_MSG_ID, "from someone else");
        assertNotEquals(first.seq(), otherSender.seq(), "another sender's message with the same client id got the same seq");
        assertNotEquals(first.messageId(), otherSender.messageId());
        Sent otherChannel = messages.send(CHANNEL + 1, SENDER, CLIENT_MSG_ID, BODY);
        assertEquals(1, otherChannel.seq(), "the first message of channel " + (CHANNEL + 1));
        assertNotEquals(first.messageId(), otherChannel.messageId());
    }

    @Test
    @DisplayName("copies of one send arriving at the same moment all answer the same, and store one message")
    void simultaneousCopies() throws Exception {
        long channel = 22;
        for (int round = 0; round < 4; round++) {
            String clientMsgId = "race-" + round;
            Set<Sent> distinct = new HashSet<>(together(4,
                    copy -> messages.send(channel, SENDER, clientMsgId, "sent once, arrived four times")));
            assertEquals(1, distinct.size(), "four copies of " + clientMsgId + " got different answers: " + distinct
                    + ". Claim the client id with INSERT ... IF NOT EXISTS: only one copy wins, the others answer"
                    + " what the winner claimed.");
            assertEquals(1, copiesOf(channel, SENDER, clientMsgId), "copies of " + clientMsgId + " stored in the channel");
        }
    }

    @Test
    @DisplayName("three servers sending to one channel at once get seqs 1..30, each once, and the pages show all 30")
    void concurrentSendersShareTheSequence() throws Exception {
        long channel = 23;
        List<List<Sent>> servers = together(3, server -> IntStream.range(0, 10)
                .mapToObj(i -> messages.send(channel, server, "server-" + server + "-" + i, "message " + i + " from server " + server))
                .toList());
        Set<Long> seqs = new HashSet<>();
        for (List<Sent> server : servers) {
            for (Sent sent : server) {
                assertTrue(seqs.add(sent.seq()), "seq " + sent.seq() + " was handed out twice. Move channel_head from n"
                        + " to n + 1 with a compare-and-set (UPDATE ... IF high_water_seq = n) and retry when it fails.");
            }
        }
        assertEquals(LongStream.rangeClosed(1, 30).boxed().collect(Collectors.toSet()), seqs, "the seqs handed out");
        List<Long> listed = everything(channel).stream().map(Message::seq).toList();
        assertEquals(LongStream.iterate(30, n -> n >= 1, n -> n - 1).boxed().toList(), listed,
                "the channel's pages, newest first");
    }

    @Test
    @DisplayName("another server sends between this send's read of channel_head and its write: both get their own seq")
    void sendInterleaved(CqlSession plain) {
        long channel = 24;
        Sent before = messages.send(channel, SENDER, "before", "the channel's first message");
        List<Sent> other = new ArrayList<>();
        ChannelMessages server = new ChannelMessages(InterleavedSession.afterFirstRead(plain, "channel_head",
                () -> other.add(messages.send(channel, SENDER + 1, "other-server", "sent in between"))), 100);
        server.createTables();
        Sent ours = server.send(channel, SENDER, "ours", "sent after reading the head");
        assertEquals(1, other.size(), "the test's own setup: the other send ran between this send's read of"
                + " channel_head and its write (did send read channel_head?)");
        if (ours.seq() == other.get(0).seq() || ours.seq() <= before.seq()) {
            fail(String.format("""
                    Another server took seq %d between this send's read of channel_head and its write, and this send
                      got seq %d too: one of the two messages overwrites the other. Move channel_head from n to
                      n + 1 with a compare-and-set (UPDATE ... IF high_water_seq = n); when it is not applied, the
                      answer carries the current value: retry from there.""", other.get(0).seq(), ours.seq()));
        }
        assertEquals(Set.of(1L, 2L, 3L), new HashSet<>(List.of(before.seq(), other.get(0).seq(), ours.seq())),
                "the seqs of channel " + channel);
    }

    /** Runs work(0..threads-1) on as many threads, released at the same moment, and returns their answers. */
    private static <T> List<T> together(int threads, IntFunction<T> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> running = IntStream.range(0, threads).mapToObj(t -> pool.submit(() -> {
                start.await();
                return work.apply(t);
            })).toList();
            start.countDown();
            List<T> answers = new ArrayList<>();
            for (Future<T> answer : running) {
                answers.add(answer.get());
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }
}
