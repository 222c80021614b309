package workshop.lesson06;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.IndexCatchUp;
import workshop.testkit.TableNames;

@ExtendWith(DynamoExtension.class)
@Tag("task-5")
class Task5UnreadChatsTest {

    private static final int CHATS = 10;
    private static final int MEMBERS = 12;
    private static final int USERS = 40;
    /** A user is in up to this many chats, the brief says, and any number of them may be unread. */
    private static final int MOST_CHATS = 200;
    private static final String KEEN = "keen";
    private static final Set<String> UNREAD = new TreeSet<>();
    private static MeteredClient meter;
    private static UnreadChats unread;

    /**
     * 120 memberships of 40 users in 10 chats, about one in nine unread, ana among them, and a user in
     * the brief's most chats with every one of them unread; loads once per class.
     */
    @BeforeEach
    void loadOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (unread != null) {
            return;
        }
        UnreadChats fresh = new UnreadChats(client, tables.of("unread"));
        fresh.createTable();
        UNREAD.clear();
        long message = 1_000;
        for (int c = 0; c < CHATS; c++) {
            for (int m = 0; m < MEMBERS; m++) {
                String user = user((c * 4 + m) % USERS);
                fresh.join(chat(c), user);
                if ((c + m) % 9 == 0 || user.equals("ana") && c % 3 == 0) {
                    fresh.markUnread(chat(c), user, message++);
                    fresh.markUnread(chat(c), user, message++);
                    UNREAD.add(chat(c) + "/" + user);
                }
            }
        }
        // A Limit or one page below the brief's 200 chats drops some of this user's unread chats.
        for (int c = 0; c < MOST_CHATS; c++) {
            String room = String.format("room%03d", c);
            fresh.join(room, KEEN);
            fresh.markUnread(room, KEEN, message++);
            UNREAD.add(room + "/" + KEEN);
        }
        meter = metered;
        unread = fresh;
    }

    private static String user(int u) {
        return u == 0 ? "ana" : String.format("u%02d", u);
    }

    private static String chat(int c) {
        return String.format("chat%02d", c);
    }

    private static List<String> unreadChatsOf(String user) {
        return UNREAD.stream().filter(e -> e.endsWith("/" + user)).map(e -> e.substring(0, e.indexOf('/'))).sorted().toList();
    }

    private static List<String> usersWithUnread() {
        return UNREAD.stream().map(e -> e.substring(e.indexOf('/') + 1)).distinct().sorted().toList();
    }

    @Test
    @DisplayName("unreadChats(ana) returns her unread chats from one Query that reads only them")
    void myUnreadChats() {
        List<String> expected = unreadChatsOf("ana");
        Metered<List<String>> result = IndexCatchUp.measured(meter, () -> unread.unreadChats("ana"), expected);
        assertEquals(expected, result.value(), "ana's unread chats, ascending, each once");
        CostExpectations.assertOneQuery("unreadChats(\"ana\")", result.cost(), expected.size());
    }

    @Test
    @DisplayName("unreadChats returns every chat of a user in 200, the brief's most, all unread, ascending")
    void everyUnreadChatOfTheBusiestUser() {
        List<String> expected = unreadChatsOf(KEEN);
        List<String> chats = IndexCatchUp.measured(meter, () -> unread.unreadChats(KEEN), expected).value();
        if (!chats.equals(expected)) {
            fail(String.format("""
                    unreadChats("%s") returned %d chats; all %d they joined are unread.
                      A user is in up to %d chats, and nothing keeps them from all being unread at once (1 in 50
                      is the average, not a bound): a Limit, or one page of the Query, below that drops the rest.
                      Follow LastEvaluatedKey until there is none (queryPaginator does), with no Limit.""",
                    KEEN, chats.size(), expected.size(), MOST_CHATS));
        }
    }

    @Test
    @DisplayName("usersWithUnread reads the unread memberships only, not all 320")
    void nightlyJobReadsOnlyTheUnread() {
        List<String> expected = usersWithUnread();
        Metered<List<String>> result = IndexCatchUp.measured(meter, () -> unread.usersWithUnread(), expected);
        assertEquals(expected, result.value(), "every user with something unread, ascending, each once");
        if (result.cost().itemsRead() > UNREAD.size()) {
            fail(String.format("usersWithUnread read %,d item(s) (%s, %s read units) to find the %d unread memberships"
                    + " of %d: a filter runs after the read, so it pays for every membership. Read only items that"
                    + " are unread: an index holds only the items that carry its key attributes.",
                    result.cost().itemsRead(), result.cost().requestsText(), result.cost().readUnitsText(), UNREAD.size(),
                    CHATS * MEMBERS + MOST_CHATS));
        }
    }

    @Test
    @DisplayName("a chat read is gone from both answers; one not yet read stays")
    void readingRemoves() {
        unread.markRead("chat00", "ana");
        UNREAD.remove("chat00/ana");
        List<String> expected = unreadChatsOf("ana");
        Metered<List<String>> result = IndexCatchUp.measured(meter, () -> unread.unreadChats("ana"), expected);
        assertEquals(expected, result.value(), "ana read chat00; her other unread chats stay");
        CostExpectations.assertOneQuery("unreadChats(\"ana\")", result.cost(), expected.size());
        assertEquals(usersWithUnread(), IndexCatchUp.measured(meter, () -> unread.usersWithUnread(), usersWithUnread()).value());
    }

    @Test
    @DisplayName("a user with nothing unread gets an empty list from one Query that reads nothing")
    void nothingUnread() {
        Metered<List<String>> result = meter.measure(() -> unread.unreadChats("stranger"));
        assertEquals(List.of(), result.value());
        CostExpectations.assertOneQuery("unreadChats(\"stranger\")", result.cost(), 0);
    }
}
