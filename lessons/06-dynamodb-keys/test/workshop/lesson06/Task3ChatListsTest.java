package workshop.lesson06;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Select;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

@ExtendWith(DynamoExtension.class)
@org.junit.jupiter.api.Tag("task-3")
class Task3ChatListsTest {

    private static final Snowflake IDS = new Snowflake(6);
    private static final List<String> TEAM = List.of("ana", "ben", "cy", "dee", "eve", "fay");
    private static MeteredClient meter;
    private static String table;
    private static ChatLists chats;
    private static DynamoDbClient dynamo;

    /** Each test sends to chats of its own, so the tests do not depend on each other's order. */
    @BeforeEach
    void loadOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (chats != null) {
            return;
        }
        table = tables.of("chats");
        ChatLists fresh = new ChatLists(client, table);
        fresh.createTable();
        fresh.createChat("pair", List.of("ana", "ben"));
        fresh.createChat("team", TEAM);
        fresh.createChat("book-club", List.of("ana", "gus"));
        fresh.createChat("duo", List.of("hal", "ivy"));
        fresh.createChat("trio", List.of("jon", "kim", "lea"));
        fresh.createChat("relay", List.of("mo", "nia"));
        meter = metered;
        dynamo = client;
        chats = fresh;
    }

    /** A send's actions: the ConditionCheck, the head, the message, and a delete and a put per member. */
    private static int actions(int members) {
        return 3 + 2 * members;
    }

    /** The largest group one transaction can serve. */
    private static final int MOST_MEMBERS = (ChatLists.MAX_ACTIONS - actions(0)) / 2;

    private static List<String> residents(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "resident" + i).toList();
    }

    private static long itemsIn(String name) {
        return meter.plain().scanPaginator(b -> b.tableName(name).select(Select.COUNT)).stream().mapToLong(p -> p.count()).sum();
    }

    @Test
    @DisplayName("each send moves its chat to the top of every member's list, with no duplicate rows")
    void movesChatToTop() {
        chats.send("pair", "ana", IDS.next(), "hi ben");
        long teamMessage = IDS.next();
        chats.send("team", "cy", teamMessage, "stand-up in 5");
        long pairMessage = IDS.next();
        chats.send("pair", "ben", pairMessage, "on my way");
        assertEquals(List.of(new ChatListEntry("pair", pairMessage, "on my way"), new ChatListEntry("team", teamMessage, "stand-up in 5"),
                new ChatListEntry("book-club", 0, "")), chats.chatList("ana", 10));
        assertEquals(List.of(new ChatListEntry("team", teamMessage, "stand-up in 5")), chats.chatList("fay", 10));
    }

    @Test
    @DisplayName("another send commits between a send's read and its transaction: the send retries, the chat is listed once")
    void sendsInterleaved() {
        long earlier = IDS.next();
        long later = IDS.next();
        ChatLists interleaved = new ChatLists(InterleavedClient.of(dynamo,
                () -> chats.send("relay", "mo", earlier, "I was first")), table);
        interleaved.send("relay", "nia", later, "me too");
        List<ChatListEntry> expected = List.of(new ChatListEntry("relay", later, "me too"));
        for (String member : List.of("mo", "nia")) {
            List<ChatListEntry> listed = chats.chatList(member, 10);
            if (!listed.equals(expected)) {
                fail(String.format("""
                        %s's list is %s; expected %s.
                          Another send moved the chat's head after this send read it, and this send's transaction
                          still went through with what it had read: it deleted list rows that were already gone and
                          left the other send's rows behind. Make the head's update conditional (last_message_id =
                          the value you read), and when the transaction is cancelled for it, read again and retry.""",
                        member, listed, expected));
            }
        }
    }

    @Test
    @DisplayName("a send to a group of 3 is one TransactWriteItems of 8 items: message, head, and a delete and a put per member")
    void oneTransaction() {
        DynamoCost cost = meter.measure(() -> chats.send("trio", "kim", IDS.next(), "lunch?"));
        CostExpectations.assertOneTransaction("send(\"trio\", ...)", cost, 2 + 2 * 3);
    }

    @Test
    @DisplayName("a sender who is not a member is refused by the ConditionCheck, and nothing is written")
    void notAMember() {
        long message = IDS.next();
        chats.send("duo", "hal", message, "hello ivy");
        long before = itemsIn(table);
        List<ChatListEntry> ivyBefore = chats.chatList("ivy", 10);
        DynamoCost refused = meter.measure(() -> {
            assertThrows(NotAMemberException.class, () -> chats.send("duo", "mallory", IDS.next(), "buy now"));
        });
        assertEquals(1, refused.requests("TransactWriteItems"),
                "the membership check belongs inside the transaction (a ConditionCheck), not in a read before it; requests: "
                        + refused.requestsText());
        long after = itemsIn(table);
        assertEquals(before, after, "a refused send must not write anything, yet " + (after - before) + " item(s) were"
                + " added: every write of a send belongs in its one transaction, so a cancelled transaction leaves nothing");
        assertEquals(ivyBefore, chats.chatList("ivy", 10));
    }

    @Test
    @DisplayName("a group at the limit is sent in one transaction; one member more is refused before anything is written")
    void tooManyForOneTransaction(TableNames tables) {
        // moto copies every table a transaction writes once per action (its rollback), so the 99-action send costs 99
        // times its table: these groups get a table of their own, the bigger one created after the send, so the send
        // copies 97 items, not about 240, and every other send of the class about 40: moto's CPU over a solved check
        // 5.49 s against 6.52 s with these groups in the class's table, 5.34 s before them (docs/performance.md).
        String crowds = tables.of("crowds");
        ChatLists limits = new ChatLists(dynamo, crowds);
        limits.createTable();
        limits.createChat("at-the-limit", residents(MOST_MEMBERS));
        int members = MOST_MEMBERS + 1;
        DynamoCost atTheLimit = meter.measure(() -> limits.send("at-the-limit", "resident1", IDS.next(), "meeting tonight"));
        CostExpectations.assertOneTransaction("send(\"at-the-limit\", ...) to " + MOST_MEMBERS + " members", atTheLimit,
                actions(MOST_MEMBERS) - 1L);
        limits.createChat("one-too-many", residents(members));
        long before = itemsIn(crowds);
        DynamoCost cost = meter.measure(() -> {
            assertThrows(IllegalArgumentException.class, () -> limits.send("one-too-many", "resident1", IDS.next(), "meeting tonight"),
                    String.format("""
                            a message to %d members needs %d actions, the ConditionCheck among them: more than the %d
                              one transaction takes, so send must refuse it with an IllegalArgumentException. Count every
                              action the transaction holds.""", members, actions(members), ChatLists.MAX_ACTIONS));
        });
        assertEquals(0, cost.requests("TransactWriteItems") + cost.rejected(),
                "count the actions first: DynamoDB refuses a transaction of more than " + ChatLists.MAX_ACTIONS
                        + " actions, so do not send it; requests: " + cost.requestsText());
        assertEquals(before, itemsIn(crowds), "nothing may be written");
    }

    @Test
    @DisplayName("chatList(user, 2) is one Query that reads 2 items")
    void chatListReadsOnePartition() {
        chats.send("team", "dee", IDS.next(), "notes are up");
        Metered<List<ChatListEntry>> list = meter.measure(() -> chats.chatList("ana", 2));
        assertEquals(2, list.value().size(), "ana is in three chats: " + list.value());
        CostExpectations.assertOneQuery("chatList(\"ana\", 2)", list.cost(), 2);
    }
}
