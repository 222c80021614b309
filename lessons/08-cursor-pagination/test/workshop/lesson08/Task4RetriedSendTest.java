package workshop.lesson08;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.Measured;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

/** Task 4: a send that a client may repeat, alone or in copies arriving together, stored once. */
@ExtendWith(CassandraExtension.class)
@Tag("task-4")
class Task4RetriedSendTest {

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

    private static long copiesOf(long channel, long senderId, String clientMsgId) {
        return Sends.everything(messages, channel).stream()
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
        String claims = "message_by_client_id";
        List<String> columns = regularColumns(plain, claims);
        if (columns.isEmpty()) {
            // Every column in the key: only the table's default TTL can say when a claim expires.
            int ttl = defaultTtl(plain, claims);
            assertTrue(isADay(ttl), claims + " has default_time_to_live = " + ttl
                    + "; a claim should expire about a day after the send: 86400.");
            return;
        }
        int values = 0;
        for (String name : columns) {
            for (Row row : plain.execute("SELECT \"" + name + "\" AS v, TTL(\"" + name + "\") AS ttl FROM " + claims
                    + " LIMIT 100")) {
                if (row.isNull("v")) {
                    continue; // a column this row never set has no TTL to read
                }
                values++;
                assertTrue(!row.isNull("ttl") && isADay(row.getInt("ttl")), "a claim's " + name
                        + " should expire about a day after the send; its TTL is "
                        + (row.isNull("ttl") ? "not set (it would be kept forever)" : row.getInt("ttl") + " s")
                        + ". Use WITH default_time_to_live = 86400 on the table, or USING TTL 86400.");
            }
        }
        assertTrue(values > 0, claims + " holds nothing after " + first.seq() + " sends to channel " + CHANNEL
                + ": remember each send's seq and message id there, for a retry to find.");
    }

    private static boolean isADay(int ttl) {
        return ttl > 86_400 - 600 && ttl <= 86_400;
    }

    @Test
    @DisplayName("the history and each channel's head are kept: only the claims expire, no other row carries a TTL")
    void historyNeverExpires(CqlSession plain) {
        assertKeptForGood(plain, "messages", "the whole history would expire");
        assertKeptForGood(plain, "channel_head", "a channel quiet that long would lose its high_water_seq and number"
                + " its next message 1 again, a seq its history already holds");
    }

    /** Neither the table nor any row of it may expire: the claims' TTL belongs to message_by_client_id alone. */
    private static void assertKeptForGood(CqlSession plain, String table, String why) {
        int ttl = defaultTtl(plain, table);
        assertEquals(0, ttl, table + " has default_time_to_live = " + ttl + ": " + why + ". Only the claims (message_by_client_id)"
                + " are kept for a day; " + table + " is kept for good.");
        for (String name : regularColumns(plain, table)) {
            for (Row row : plain.execute("SELECT TTL(\"" + name + "\") AS ttl FROM " + table + " LIMIT 20")) {
                assertTrue(row.isNull("ttl"), "a " + table + " row's " + name + " expires in " + row.getInt("ttl")
                        + " s: the TTL meant for the claims (message_by_client_id) reached " + table + ", which is"
                        + " kept for good (" + why + "). Put the TTL on the claims' table or their INSERT only.");
            }
        }
    }

    private static int defaultTtl(CqlSession plain, String table) {
        String keyspace = plain.getKeyspace().orElseThrow().asInternal();
        Row options = plain.execute(SimpleStatement.newInstance(
                "SELECT default_time_to_live FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?",
                keyspace, table)).one();
        assertNotNull(options, "no table " + table + " in keyspace " + keyspace);
        return options.getInt("default_time_to_live");
    }

    /** The columns outside the key: key columns carry no TTL of their own. */
    private static List<String> regularColumns(CqlSession plain, String table) {
        String keyspace = plain.getKeyspace().orElseThrow().asInternal();
        List<String> names = new ArrayList<>();
        for (Row column : plain.execute(SimpleStatement.newInstance("""
                SELECT column_name, kind FROM system_schema.columns
                WHERE keyspace_name = ? AND table_name = ?""", keyspace, table))) {
            if ("regular".equals(column.getString("kind"))) {
                names.add(column.getString("column_name"));
            }
        }
        return names;
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
            Set<Sent> distinct = new HashSet<>(Sends.together(4,
                    copy -> messages.send(channel, SENDER, clientMsgId, "sent once, arrived four times")));
            assertEquals(1, distinct.size(), "four copies of " + clientMsgId + " got different answers: " + distinct
                    + ". Claim the client id with INSERT ... IF NOT EXISTS: only one copy wins, the others answer"
                    + " what the winner claimed.");
            assertEquals(1, copiesOf(channel, SENDER, clientMsgId), "copies of " + clientMsgId + " stored in the channel");
        }
    }
}
