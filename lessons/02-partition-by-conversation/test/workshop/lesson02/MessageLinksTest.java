package workshop.lesson02;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
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

@ExtendWith(CassandraExtension.class)
class MessageLinksTest {

    private static final List<Message> SENT = new ArrayList<>();
    private static TracingSession session;
    private static MessageLinks links;

    /** Loads once per class; while createTable or add fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (links != null) {
            return;
        }
        MessageLinks fresh = new MessageLinks(traced);
        fresh.createTable();
        Snowflake ids = new Snowflake(9);
        SENT.clear();
        for (int i = 0; i < 200; i++) {
            Message message = new Message("chat-" + (i % 4), ids.next(), "message " + i);
            ids.next(); // a gap after every id: id + 1 names no message of any chat, however fast they are sent
            fresh.add(message);
            SENT.add(message);
        }
        session = traced;
        links = fresh;
    }

    /** The chat's messages, newest first, as sent. */
    private static List<Message> newestFirst(String chat) {
        return SENT.stream().filter(m -> m.conversationId().equals(chat))
                .sorted(Comparator.comparingLong(Message::messageId).reversed()).toList();
    }

    @Test
    @DisplayName("the same table answers Q1: a chat's 20 newest messages, newest first, from one partition")
    void newestFromTheSameTable() {
        Measured<List<Message>> result = session.measure(() -> links.newest("chat-2", 20));
        ListExpectations.assertSameList("newest(\"chat-2\", 20)", newestFirst("chat-2").subList(0, 20), result.value(),
                "newest first");
        CostExpectations.assertOnePartitionRead("newest(\"chat-2\", 20)", result.cost(), 20, """
                  The chat's messages lie in many partitions: the partition key holds more than the
                  conversation (a partition per message?). Q1 and Q3 share this table, so key the partition
                  by conversation_id alone and order it by message_id, newest first: Q1 then reads the
                  first 20 rows of one partition, and Q3 one row of it.""");
    }

    @Test
    @DisplayName("a link opens its message")
    void opensTheMessage() {
        Message wanted = SENT.get(123);
        assertEquals(Optional.of(wanted), links.open(wanted.conversationId(), wanted.messageId()));
    }

    @Test
    @DisplayName("opening a link reads one row of one partition")
    void oneRow() {
        Message wanted = SENT.get(77);
        Measured<Optional<Message>> result = session.measure(() -> links.open(wanted.conversationId(), wanted.messageId()));
        assertEquals(Optional.of(wanted), result.value());
        CostExpectations.assertOnePartitionRead("open(" + wanted.conversationId() + ", " + wanted.messageId() + ")",
                result.cost(), 1);
    }

    @Test
    @DisplayName("a link to a message that does not exist opens nothing, cheaply")
    void missing() {
        Measured<Optional<Message>> result = session.measure(() -> links.open("chat-1", 42L));
        assertTrue(result.value().isEmpty(), "expected nothing, got " + result.value());
        CostExpectations.assertOnePartitionRead("open(chat-1, 42)", result.cost(), 0);
    }

    @Test
    @DisplayName("a link to a message missing between two of its chat's messages, or newer than all, opens nothing")
    void missingBetweenNeighbours() {
        List<Message> chat = newestFirst("chat-1");
        // No such ids in chat-1: one lies between two of its messages, one above its newest.
        for (long absent : new long[] {chat.get(chat.size() / 2).messageId() + 1, chat.get(0).messageId() + 1}) {
            Measured<Optional<Message>> result = session.measure(() -> links.open("chat-1", absent));
            assertTrue(result.value().isEmpty(), () -> "open(chat-1, " + absent + ") returned "
                    + result.value().orElseThrow() + ", a neighbouring message: a link names one exact row, so"
                    + " read it with message_id = ?, not a range that stops at the nearest one");
            CostExpectations.assertOnePartitionRead("open(chat-1, " + absent + ")", result.cost(), 0);
        }
    }
}
