package workshop.lesson02;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.Measured;
import workshop.kit.cost.TracingSession;
import workshop.kit.ids.Snowflake;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

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
            fresh.add(message);
            SENT.add(message);
        }
        session = traced;
        links = fresh;
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
    @DisplayName("a link to a message missing between two of its chat's messages opens nothing, not a neighbour")
    void missingBetweenNeighbours() {
        Message before = SENT.get(1);
        long absent = before.messageId() + 1; // chat-1 has no such id: its next message is 4 sends later
        Measured<Optional<Message>> result = session.measure(() -> links.open(before.conversationId(), absent));
        assertTrue(result.value().isEmpty(), () -> "open(" + before.conversationId() + ", " + absent + ") returned "
                + result.value().orElseThrow() + ", a neighbouring message: a link names one exact row, so"
                + " read it with message_id = ?, not a range that stops at the nearest one");
        CostExpectations.assertOnePartitionRead("open(" + before.conversationId() + ", " + absent + ")", result.cost(), 0);
    }
}
