package workshop.lesson06;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.IndexCatchUp;
import workshop.testkit.TableNames;

@ExtendWith(DynamoExtension.class)
@Tag("task-4")
class Task4ChatMembersTest {

    private static final Map<String, List<String>> MEMBERS = new TreeMap<>();
    private static final Map<String, List<String>> CHATS = new TreeMap<>();
    /** A user is in up to this many chats, the brief says. */
    private static final int MOST_CHATS = 500;
    private static final String REGULAR = "regular";
    private static MeteredClient meter;
    private static ChatMembers memberships;

    /** 40 users in 12 chats: chat "big" has 30 members, ana is in 5 chats; loads once per class. */
    @BeforeEach
    void loadOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (memberships != null) {
            return;
        }
        ChatMembers fresh = new ChatMembers(client, tables.of("memberships"));
        fresh.createTable();
        MEMBERS.clear();
        CHATS.clear();
        List<String> users = new ArrayList<>(List.of("ana"));
        for (int u = 1; u < 40; u++) {
            users.add(String.format("u%02d", u));
        }
        for (int c = 0; c < 12; c++) {
            String chat = c == 0 ? "big" : String.format("chat%02d", c);
            int size = c == 0 ? 30 : 2 + c % 5;
            for (int m = 0; m < size; m++) {
                String user = users.get((c * 7 + m) % users.size());
                if (c == 0 || !user.equals("ana") || c <= 5) {
                    add(fresh, chat, user);
                }
            }
            if (c >= 1 && c <= 4 && !MEMBERS.get(chat).contains("ana")) {
                add(fresh, chat, "ana");
            }
        }
        // Past a page of 100: a read that takes one page and ignores LastEvaluatedKey misses the rest.
        for (int f = 1; f <= 101; f++) {
            add(fresh, "crowd", String.format("fan%03d", f));
        }
        // The brief's busiest user, in 500 chats: any page size or Limit below it drops some.
        for (int c = 0; c < MOST_CHATS; c++) {
            add(fresh, String.format("room%03d", c), REGULAR);
        }
        meter = metered;
        memberships = fresh;
    }

    private static void add(ChatMembers target, String chat, String user) {
        target.join(chat, user);
        MEMBERS.computeIfAbsent(chat, k -> new ArrayList<>()).add(user);
        CHATS.computeIfAbsent(user, k -> new ArrayList<>()).add(chat);
    }

    private static List<String> sorted(List<String> ids) {
        return ids.stream().sorted().toList();
    }

    @Test
    @DisplayName("join stores the membership once: one request writing one item")
    void writtenOnce() {
        DynamoCost cost = meter.measure(() -> memberships.join("chat03", "newcomer"));
        if (cost.requests() != 1 || cost.itemsWritten() != 1 || cost.requests("TransactWriteItems") > 0) {
            fail(String.format("join made %s request(s) writing %d item(s); a membership is one item, written by one"
                    + " request: the other side reads the same item through an index, so no copy needs keeping in step",
                    cost.requestsText(), cost.itemsWritten()));
        }
        assertEquals(List.of("chat03"), IndexCatchUp.measured(meter, () -> memberships.chatsOf("newcomer"), List.of("chat03")).value(),
                "the newcomer's chats, read from the other side of that one item");
    }

    @Test
    @DisplayName("members(big) returns its 30 members, ascending, from one Query of 30 items")
    void membersInOneQuery() {
        List<String> expected = sorted(MEMBERS.get("big"));
        Metered<List<String>> result = meter.measure(() -> memberships.members("big"));
        assertEquals(expected, result.value(), "big's members, ascending");
        CostExpectations.assertOneQuery("members(\"big\")", result.cost(), expected.size());
    }

    @Test
    @DisplayName("members(crowd) returns every member of a chat past 100, from every page of the Query")
    void everyPage() {
        List<String> expected = sorted(MEMBERS.get("crowd"));
        List<String> members = memberships.members("crowd");
        if (members.size() < expected.size()) {
            fail(String.format("""
                    members("crowd") returned %d of its %d members.
                      A Query returns one page (at most Limit items, at most 1 MB) and its LastEvaluatedKey says where
                      the next page begins: follow it until there is none (queryPaginator does), with no Limit.""",
                    members.size(), expected.size()));
        }
        assertEquals(expected, members, "crowd's members, ascending");
    }

    @Test
    @DisplayName("chatsOf(ana) returns her 5 chats, ascending, from one Query of 5 items")
    void chatsFromTheOtherSide() {
        List<String> expected = sorted(CHATS.get("ana"));
        assertEquals(5, expected.size(), "the test's data: ana is in 5 chats");
        Metered<List<String>> result = IndexCatchUp.measured(meter, () -> memberships.chatsOf("ana"), expected);
        assertEquals(expected, result.value(), "ana's chats, ascending");
        CostExpectations.assertOneQuery("chatsOf(\"ana\")", result.cost(), expected.size());
    }

    @Test
    @DisplayName("chatsOf returns every chat of a user in 500, the brief's most, ascending")
    void everyChatOfTheBusiestUser() {
        List<String> expected = sorted(CHATS.get(REGULAR));
        List<String> chats = IndexCatchUp.measured(meter, () -> memberships.chatsOf(REGULAR), expected).value();
        if (!chats.equals(expected)) {
            fail(String.format("""
                    chatsOf("%s") returned %d of the %d chats they joined.
                      A user is in up to %d chats: a Limit, or one page of the Query, below that drops the rest.
                      Follow LastEvaluatedKey until there is none (queryPaginator does), with no Limit.""",
                    REGULAR, chats.size(), expected.size(), MOST_CHATS));
        }
    }

    @Test
    @DisplayName("a user in no chat and a chat nobody joined give empty lists, each from one Query")
    void nobody() {
        Metered<List<String>> chats = meter.measure(() -> memberships.chatsOf("stranger"));
        assertEquals(List.of(), chats.value());
        CostExpectations.assertOneQuery("chatsOf(\"stranger\")", chats.cost(), 0);
        Metered<List<String>> members = meter.measure(() -> memberships.members("empty"));
        assertEquals(List.of(), members.value());
        CostExpectations.assertOneQuery("members(\"empty\")", members.cost(), 0);
    }
}
