package workshop.lesson01;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

@ExtendWith(CassandraExtension.class)
class ConversationMessagesTest {

    /** Three small chats and one busy one, so a scan would read far more than the answer. */
    private static final List<Message> SENT = new ArrayList<>();
    private static TracingSession session;
    private static ConversationMessages messages;

    /** Loads once per class; while createTable or add fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (messages != null) {
            return;
        }
        ConversationMessages fresh = new ConversationMessages(traced);
        fresh.createTable();
        Snowflake ids = new Snowflake(7);
        SENT.clear();
        for (int i = 0; i < 300; i++) {
            String chat = i < 60 ? "c" + (i % 3 + 1) : "busy";
            Message message = new Message(chat, ids.next(), "message " + i);
            fresh.add(message);
            SENT.add(message);
        }
        session = traced;
        messages = fresh;
    }

    private static final String NEWEST_FIRST = "newest first: order the partition's rows by message_id, descending"
            + " (WITH CLUSTERING ORDER BY (message_id DESC))";

    private static List<Message> newest(String chat, int n) {
        return SENT.stream().filter(m -> m.conversationId().equals(chat))
                .sorted(Comparator.comparingLong(Message::messageId).reversed()).limit(n).toList();
    }

    @Test
    @DisplayName("latest(c2, 3) returns c2's three newest messages, newest first")
    void newestFirst() {
        ListExpectations.assertSameList("latest(\"c2\", 3)", newest("c2", 3), messages.latest("c2", 3), NEWEST_FIRST);
    }

    @Test
    @DisplayName("latest reads one partition on one node, and no more rows than asked for")
    void onePartition() {
        Measured<List<Message>> result = session.measure(() -> messages.latest("c2", 3));
        ListExpectations.assertSameList("latest(\"c2\", 3)", newest("c2", 3), result.value(), NEWEST_FIRST);
        CostExpectations.assertOnePartitionRead("latest(\"c2\", 3)", result.cost(), 3);
    }

    @Test
    @DisplayName("in a busy chat, latest(busy, 50) stops after 50 rows")
    void stopsAtTheLimit() {
        Measured<List<Message>> result = session.measure(() -> messages.latest("busy", 50));
        ListExpectations.assertSameList("latest(\"busy\", 50)", newest("busy", 50), result.value(), NEWEST_FIRST);
        CostExpectations.assertOnePartitionRead("latest(\"busy\", 50)", result.cost(), 50);
    }

    @Test
    @DisplayName("an unknown chat gives an empty list, still from one partition")
    void unknownChat() {
        Measured<List<Message>> result = session.measure(() -> messages.latest("nobody", 5));
        assertTrue(result.value().isEmpty(), "expected no messages, got " + result.value());
        CostExpectations.assertOnePartitionRead("latest(\"nobody\", 5)", result.cost(), 0);
    }

    @Test
    @DisplayName("a limit below 1 or above 1,000 is refused before anything is read; 1 and 1,000 are allowed")
    void badLimit() {
        for (int n : new int[] {0, -5, 1_001, 1_000_000}) {
            assertThrows(IllegalArgumentException.class, () -> messages.latest("c1", n),
                    "latest(\"c1\", " + n + ") must be refused with an IllegalArgumentException: n must be between 1 and 1,000");
        }
        for (int n : new int[] {1, 1_000}) {
            assertDoesNotThrow(() -> messages.latest("c1", n), "latest(\"c1\", " + n + ") must be allowed: the limits"
                    + " 1 and 1,000 are themselves valid (refuse n < 1 or n > 1,000)");
        }
    }
}
