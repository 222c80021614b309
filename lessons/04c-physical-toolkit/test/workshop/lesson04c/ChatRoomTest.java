package workshop.lesson04c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;
import workshop.testkit.ListExpectations;
import workshop.testkit.ReceivedBytes;

@ExtendWith(CassandraExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ChatRoomTest {

    private static final String BOOK_CLUB = "book-club";
    private static final String TOWN_HALL = "town-hall";
    private static final int MESSAGES = 30;
    private static final int MEMBERS = 2_000;
    /** A member check should receive one short row; the whole member list is tens of kilobytes. */
    private static final long MOST_BYTES = 1_000;

    private static TracingSession session;
    private static ReceivedBytes received;
    private static ChatRoom room;

    /** Loads once per class; while createTables, post or join fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (room != null) {
            return;
        }
        ReceivedBytes counting = new ReceivedBytes(traced);
        ChatRoom fresh = new ChatRoom(counting);
        fresh.createTables();
        for (int i = 0; i < MESSAGES; i++) {
            fresh.post(new Message(BOOK_CLUB, 1_000 + i, "ana", "chapter note " + i));
        }
        for (int m = 0; m < MEMBERS; m++) {
            fresh.join(TOWN_HALL, member(m));
        }
        session = traced;
        received = counting;
        room = fresh;
    }

    private static String member(int m) {
        return String.format("user-%05d", m);
    }

    @Test
    @Order(1)
    @DisplayName("a page shows the chat's title over its newest messages, from one partition")
    void pageCarriesTheTitle() {
        room.retitle(BOOK_CLUB, "Book club: chapters 1 to 5");
        Measured<Page> page = session.measure(() -> room.newest(BOOK_CLUB, 10));
        List<Message> expected = IntStream.range(0, 10)
                .mapToObj(i -> new Message(BOOK_CLUB, 1_000 + MESSAGES - 1 - i, "ana", "chapter note " + (MESSAGES - 1 - i)))
                .toList();
        assertEquals("Book club: chapters 1 to 5", page.value().title(), "the page's title after retitle");
        ListExpectations.assertSameList("newest(\"" + BOOK_CLUB + "\", 10)", expected, page.value().messages(),
                "newest first");
        // The partition's static row is read besides the page's rows.
        CostExpectations.assertOnePartitionRead("newest(\"" + BOOK_CLUB + "\", 10)", page.cost(), 11, """
                  The title and the messages came from more than one partition. The title is true of the
                  whole chat: a static column of the messages partition is read with its rows, in the
                  same query.""");
    }

    @Test
    @Order(2)
    @DisplayName("renaming a chat writes one partition, however many messages it has")
    void retitleWritesOnePartition() {
        QueryCost cost = session.measure(() -> room.retitle(BOOK_CLUB, "Book club: chapters 6 to 10"));
        CostExpectations.assertRowsReadAtMost("retitle(\"" + BOOK_CLUB + "\")", cost, 0, """
                A rename that reads the chat's messages first grows with the chat. A title kept in every
                message row is rewritten row by row; a static column is one value per partition, set by an
                UPDATE that names the partition alone.""");
        CostExpectations.assertPartitionWrites("retitle(\"" + BOOK_CLUB + "\")", cost, 1, """
                A title kept in every message row is rewritten row by row; a static column is one value
                per partition, set by an UPDATE that names the partition alone.""");
        assertEquals("Book club: chapters 6 to 10", room.newest(BOOK_CLUB, 1).title(), "the title after the second retitle");
    }

    @Test
    @Order(3)
    @DisplayName("each message keeps its own sender")
    void eachMessageKeepsItsSender() {
        List<String> senders = List.of("ana", "ben", "chen");
        for (int i = 0; i < senders.size(); i++) {
            room.post(new Message("standup", 10 + i, senders.get(i), "update " + i));
        }
        List<String> readBack = room.newest("standup", 3).messages().stream().map(Message::sender).toList();
        if (!readBack.equals(List.of("chen", "ben", "ana"))) {
            fail("ana, ben and chen posted one message each; newest first, the senders read back are " + readBack
                    + ". A static column holds one value per partition: each message wrote over the sender of"
                    + " the others. A sender belongs to its message: keep it a regular column.");
        }
    }

    @Test
    @Order(4)
    @DisplayName("a member check reads one member, not the whole member list")
    void oneMemberChecked() {
        String who = member(1_234);
        Measured<ReceivedBytes.Received<Boolean>> check = session.measure(() -> received.during(() -> room.isMember(TOWN_HALL, who)));
        assertTrue(check.value().value(), who + " joined " + TOWN_HALL + " but isMember says no");
        assertFalse(room.isMember(TOWN_HALL, "stranger"), "stranger never joined " + TOWN_HALL + " but isMember says yes");
        if (check.value().bytes() > MOST_BYTES) {
            fail(String.format("""
                    isMember("%s", "%s") received %,d bytes from the store to answer yes or no (at most %,d
                      expected). It brought the whole set of %,d members back to test one: a collection is one
                      column of one row and comes whole. Keep one row per member, PRIMARY KEY ((conversation_id),
                      user_id), and read the one row WHERE conversation_id = ? AND user_id = ?.""",
                    TOWN_HALL, who, check.value().bytes(), MOST_BYTES, MEMBERS));
        }
        CostExpectations.assertOnePartitionRead("isMember(\"" + TOWN_HALL + "\", \"" + who + "\")", check.cost(), 1);
    }

    @Test
    @Order(5)
    @DisplayName("a retried view is counted once")
    void retriedViewCountedOnce() {
        room.recordView("reading-group", "open-1");
        room.recordView("reading-group", "open-1"); // the client timed out and sent it again
        for (int i = 2; i <= 5; i++) {
            room.recordView("reading-group", "open-" + i);
        }
        long views = room.views("reading-group");
        if (views != 5) {
            fail("5 openings, open-1 sent twice by a retrying client: views says " + views + ". "
                    + (views == 6 ? "The retry was counted twice: an increment cannot tell a retry from a new view. "
                    : "") + "Keep one row per view, keyed by its event id, so a retry writes the same row again,"
                    + " and count the rows.");
        }
    }

    @Test
    @Order(6)
    @DisplayName("counting views reads one partition")
    void viewsFromOnePartition() {
        for (int i = 1; i <= 8; i++) {
            room.recordView("quiet-chat", "open-" + i);
        }
        Measured<Long> views = session.measure(() -> room.views("quiet-chat"));
        assertEquals(8L, views.value(), "views(\"quiet-chat\") after 8 openings");
        CostExpectations.assertOnePartitionRead("views(\"quiet-chat\")", views.cost(), 8);
    }

    @Test
    @Order(7)
    @DisplayName("posting a message writes at most two partitions and reads none")
    void postReadsNothing() {
        QueryCost cost = session.measure(() -> room.post(new Message("garden", 1, "ana", "the tomatoes are in")));
        if (cost.partitionsRead() > 0) {
            fail("post() read " + cost.partitionsRead() + " partition(s) before writing. A materialized view makes the"
                    + " node read the row before every write to its table, to find the view row to change, on the"
                    + " busiest path of the app (and 5.0 ships views off as experimental). Write the second table"
                    + " yourself, in the same logged batch as the message.");
        }
        CostExpectations.assertPartitionWrites("post(a message)", cost, 2, """
                A message goes to the chat's partition and to one place that finds it by sender: two
                partitions, in one logged batch.""");
    }

    @Test
    @Order(8)
    @DisplayName("a sender's newest messages in a chat, from one partition")
    void sentByOnePartition() {
        List<String> senders = List.of("ana", "ben", "chen");
        for (int i = 2; i <= 13; i++) {
            room.post(new Message("garden", i, senders.get(i % 3), "garden note " + i));
        }
        Measured<List<Message>> bens = session.measure(() -> room.sentBy("garden", "ben", 3));
        List<Message> expected = List.of(new Message("garden", 13, "ben", "garden note 13"),
                new Message("garden", 10, "ben", "garden note 10"), new Message("garden", 7, "ben", "garden note 7"));
        ListExpectations.assertSameList("sentBy(\"garden\", \"ben\", 3)", expected, bens.value(), "newest first");
        CostExpectations.assertOnePartitionRead("sentBy(\"garden\", \"ben\", 3)", bens.cost(), 3, """
                  The sender's messages came from more than one partition. Key a second table by the chat
                  and the sender, newest message first, and write it when the message is posted.""");
    }
}
