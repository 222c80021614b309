package workshop.lesson06;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Lesson 06, task 4 of 5 (tests: Task4ChatMembersTest): users and chats, many to many, in one
 * table (lesson 06c). A user joins a chat about 20 times a second in all; "the members of a chat"
 * is asked 3,000 times a second (every send) and "the chats of a user" 2,000 times a second
 * (every app start). A chat has up to 200 members; a user is in up to 500 chats.
 *
 * Rules: a membership is stored once, as one item written by one request (no copy of it that the
 * app must keep in step). Each question is one Query that reads only the items it returns. Neither
 * question may Scan. Both lists come back in ascending order of their ids.
 */
public class ChatMembers {

    private final DynamoDbClient client;
    private final String table;

    public ChatMembers(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** Creates the table, with whatever it needs to answer both questions. */
    public void createTable() {
        // TODO: create the table (and anything else both questions need), and wait until it exists
        throw new UnsupportedOperationException("TODO: create the memberships table");
    }

    public void join(String chatId, String userId) {
        // TODO: store the membership once
        throw new UnsupportedOperationException("TODO: store a membership");
    }

    /** The chat's members' ids, ascending; empty for a chat nobody joined. */
    public List<String> members(String chatId) {
        // TODO: one Query
        throw new UnsupportedOperationException("TODO: read a chat's members");
    }

    /** The ids of the chats the user is in, ascending; empty for a user in no chat. */
    public List<String> chatsOf(String userId) {
        // TODO: one Query, from the other side of the same memberships
        throw new UnsupportedOperationException("TODO: read a user's chats");
    }
}
