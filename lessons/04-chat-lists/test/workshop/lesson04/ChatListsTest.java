package workshop.lesson04;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;
import workshop.testkit.ListExpectations;

@ExtendWith(CassandraExtension.class)
class ChatListsTest {

    private static final Instant START = Instant.parse("2024-09-01T08:00:00Z");
    private static final String CROWD = "crowd";
    /** The brief's reads: Q2 may read this many cells, live rows and tombstones together. */
    private static final long READ_BUDGET = 500;
    /** The brief's busiest user, in as many chats as a user may be, each with one message. */
    private static final String BUSIEST = "busiest";
    private static final int CHATS_AT_MOST = 300;
    private static final Map<String, List<String>> MEMBERS = new LinkedHashMap<>();
    private static final List<Message> SENT = new ArrayList<>();
    private static TracingSession session;
    private static ChatLists lists;

    /** Loads once per class; while createTables, join or send fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (lists != null) {
            return;
        }
        ChatLists fresh = new ChatLists(traced);
        fresh.createTables();
        MEMBERS.clear();
        SENT.clear();
        MEMBERS.put("pair", List.of("ana", "bo"));
        MEMBERS.put("six", List.of("ana", "bo", "cy", "di", "ed", "flo"));
        MEMBERS.put("hundred", IntStream.range(0, 100).mapToObj(i -> i == 0 ? "ana" : "staff" + i).toList());
        IntStream.rangeClosed(1, 12).forEach(i -> MEMBERS.put("c" + i, List.of("ana", "friend" + i)));
        MEMBERS.forEach((chat, users) -> users.forEach(user -> fresh.join(chat, user)));
        // Three rounds over the chats in a changing order, so the lists' order is not the order of joining.
        List<String> chats = new ArrayList<>(MEMBERS.keySet());
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < chats.size(); i++) {
                String chat = chats.get((i * 7 + round * 5) % chats.size());
                send(fresh, chat, MEMBERS.get(chat).get(round % MEMBERS.get(chat).size()));
            }
        }
        // Past the biggest group above, and past a LIMIT of 100: joined after the rounds, so it changes none of their lists.
        MEMBERS.put(CROWD, IntStream.rangeClosed(1, 101).mapToObj(i -> "fan" + i).toList());
        MEMBERS.get(CROWD).forEach(user -> fresh.join(CROWD, user));
        for (int i = 1; i <= CHATS_AT_MOST; i++) {
            String chat = "busy" + i;
            MEMBERS.put(chat, List.of(BUSIEST, "pal" + i));
            MEMBERS.get(chat).forEach(user -> fresh.join(chat, user));
        }
        IntStream.rangeClosed(1, CHATS_AT_MOST).forEach(i -> send(fresh, "busy" + i, BUSIEST));
        session = traced;
        lists = fresh;
    }

    /** Each message a millisecond after the one before, so no two chats share a last_message_at. */
    private static Message send(ChatLists to, String chat, String sender) {
        long id = Snowflake.firstIdAt(START.plusMillis(SENT.size() * 1_000L));
        Message message = new Message(chat, id, sender, sender + " wrote to " + chat);
        to.send(message);
        SENT.add(message);
        return message;
    }

    /** The user's chats that have messages, newest message first. */
    private static List<ChatEntry> expectedList(String user, int n) {
        return MEMBERS.entrySet().stream().filter(e -> e.getValue().contains(user)).map(e -> newestOf(e.getKey()))
                .flatMap(Optional::stream)
                .sorted(Comparator.comparingLong(Message::messageId).reversed())
                .limit(n)
                .map(m -> new ChatEntry(m.conversationId(), Snowflake.instant(m.messageId())))
                .toList();
    }

    /** Ana writes to one chat, then the sender to another (or the same) in the same millisecond. */
    private static void sendInOneMillisecond(String firstChat, String secondChat, String sender) {
        Message first = send(lists, firstChat, "ana");
        Message second = new Message(secondChat, first.messageId() + 1, sender, sender + " wrote to " + secondChat + " in the same millisecond");
        lists.send(second);
        SENT.add(second);
    }

    private static Optional<Message> newestOf(String chat) {
        return SENT.stream().filter(m -> m.conversationId().equals(chat)).max(Comparator.comparingLong(Message::messageId));
    }

    private static final String ONE_ROW_PER_CHAT = "one row per chat, the newest message first: a message deletes its"
            + " chat's old row from each member's list and inserts the new one";

    private static void checkSend(String chat) {
        int members = MEMBERS.get(chat).size();
        Measured<Message> result = session.measure(() -> send(lists, chat, "ana"));
        QueryCost cost = result.cost();
        String call = "send(a message to " + chat + ", " + members + " members)";
        CostExpectations.assertLoggedBatch(call, cost);
        CostExpectations.assertPartitionWrites(call, cost, members + 1L, String.format("""
                A message writes its own row (one partition of messages) and one chat-list row per member,
                each in that member's partition: %d + 1. The delete of a member's old row and the insert of
                the new one share the partition, so they count once; any other write is one too many.""", members));
        CostExpectations.assertReadAtMost(call, cost, 2, members + 1L,
                "Read the chat's members (one partition) and its previous newest message (one row of one partition).");
        assertEquals(expectedList("ana", 3), lists.chatsOf("ana", 3), "after " + call + ", ana's top three chats");
    }

    @Test
    @DisplayName("chatsOf lists a user's chats, the one with the newest message first")
    void newestFirst() {
        ListExpectations.assertSameList("chatsOf(\"ana\", 15)", expectedList("ana", 15), lists.chatsOf("ana", 15), ONE_ROW_PER_CHAT);
        ListExpectations.assertSameList("chatsOf(\"bo\", 5)", expectedList("bo", 5), lists.chatsOf("bo", 5), ONE_ROW_PER_CHAT);
    }

    @Test
    @DisplayName("two messages of one chat in the same millisecond: the chat stays listed, once")
    void sameMillisecond() {
        sendInOneMillisecond("c3", "c3", "friend3");
        List<ChatEntry> listed = lists.chatsOf("friend3", 10);
        if (!listed.equals(expectedList("friend3", 10))) {
            fail(String.format("""
                    After two messages of c3 in the same millisecond, friend3's list is %s; expected %s.
                      Both messages have the same last_message_at, so the old row and the new one are the same row:
                      every write of a batch carries one timestamp and a delete wins a tie, so the delete removes the
                      row the batch inserts. Delete the old row only when its time differs from the new one.""",
                    listed, expectedList("friend3", 10)));
        }
    }

    @Test
    @DisplayName("two chats of one user updated in the same millisecond: both stay listed")
    void twoChatsInTheSameMillisecond() {
        sendInOneMillisecond("c5", "c6", "ana");
        List<ChatEntry> listed = lists.chatsOf("ana", 2);
        List<ChatEntry> expected = expectedList("ana", 2);
        send(lists, "c5", "ana"); // breaks the tie again, so the other tests' lists have one order
        // A tie in time may list either chat first; both must be there.
        if (!Set.copyOf(listed).equals(Set.copyOf(expected))) {
            fail(String.format("""
                    After messages to c5 and c6 in the same millisecond, ana's top two chats are %s; expected %s.
                      Both chats' rows have the same last_message_at: keyed by the time alone they are one row, and
                      the second send overwrites the first chat. Make each chat's row its own, whatever its time.""",
                    listed, expected));
        }
    }

    @Test
    @DisplayName("a message to a crowd of 101 writes every member's list")
    void crowdPastAHundred() {
        int members = MEMBERS.get(CROWD).size();
        QueryCost cost = session.measure(() -> send(lists, CROWD, "fan1")).cost();
        CostExpectations.assertPartitionWrites("send(a message to " + CROWD + ", " + members + " members)", cost, members + 1L, """
                One chat-list row per member, each in that member's partition, and the message's own: a LIMIT on
                  the members read stops at a size some group outgrows. Read every member of the chat.""");
    }

    @Test
    @DisplayName("a new message in an old chat moves it to the top, and the chat is listed once")
    void movesToTheTop() {
        String oldest = expectedList("ana", 100).get(expectedList("ana", 100).size() - 1).conversationId();
        send(lists, oldest, "ana");
        List<ChatEntry> listed = lists.chatsOf("ana", 100);
        assertEquals(expectedList("ana", 100), listed,
                "after a message in " + oldest + ": its old row must be deleted, not left below the new one");
    }

    @Test
    @DisplayName("a message to a chat of 2 writes 3 partitions, in one logged batch")
    void chatOfTwo() {
        checkSend("pair");
    }

    @Test
    @DisplayName("a message to a group of 6 writes 7 partitions, in one logged batch")
    void groupOfSix() {
        checkSend("six");
    }

    @Test
    @DisplayName("a message to a group of 100 writes 101 partitions, in one logged batch")
    void groupOfHundred() {
        checkSend("hundred");
    }

    @Test
    @DisplayName("chatsOf reads one partition, within 500 cells, after the moves of many messages")
    void onePartition() {
        Measured<List<ChatEntry>> result = session.measure(() -> lists.chatsOf("ana", 5));
        assertEquals(expectedList("ana", 5), result.value());
        assertWithinReadBudget("chatsOf(\"ana\", 5)", result.cost());
    }

    @Test
    @DisplayName("chatsOf for a user in 300 chats reads one partition, within 500 cells")
    void busiestUser() {
        Measured<List<ChatEntry>> result = session.measure(() -> lists.chatsOf(BUSIEST, 20));
        assertEquals(expectedList(BUSIEST, 20), result.value(), "chatsOf(\"" + BUSIEST + "\", 20)");
        assertWithinReadBudget("chatsOf(\"" + BUSIEST + "\", 20), " + CHATS_AT_MOST + " chats", result.cost());
    }

    /**
     * The brief's read: one partition, and what the node read to answer, live rows and the
     * tombstone cells it stepped over, within the budget. How the rows are ordered is the design's.
     */
    private static void assertWithinReadBudget(String call, QueryCost cost) {
        CostExpectations.assertOnePartitionRead(call, cost, READ_BUDGET);
        long cells = cost.rowsRead() + cost.tombstonesRead();
        if (cells > READ_BUDGET) {
            fail(String.format("""
                    %s read %,d live rows and %,d tombstone cells: %,d cells, past the brief's %,d.
                      A tombstone is a deleted row or cell (a bound null is one too) that every read steps over
                      until compaction drops it, ten days on. Read fewer rows, or leave fewer tombstones.""",
                    call, cost.rowsRead(), cost.tombstonesRead(), cells, READ_BUDGET));
        }
    }

    @Test
    @DisplayName("a limit below 1 or above 1,000 is refused before anything is read")
    void badLimit() {
        assertThrows(IllegalArgumentException.class, () -> lists.chatsOf("ana", 0));
        assertThrows(IllegalArgumentException.class, () -> lists.chatsOf("ana", 1_001));
    }
}
