package workshop.lesson06;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Lesson 06, task 5 of 5 (tests: Task5UnreadChatsTest): unread chats (lesson 06c). Memberships
 * are many (a million users in 200 chats each); at any moment about 1 in 50 has a message its
 * member has not read. The app asks "which of my chats are unread?" 2,000 times a second, and a
 * nightly job asks "who has anything unread?" to send reminder mails.
 *
 * Rules: each question reads only unread memberships, never the others: "my unread chats" is one
 * Query, the nightly job reads in proportion to what is unread, not to the table. A second unread
 * message in a chat changes nothing in the answers; reading the chat removes it from both. Lists
 * come back in ascending order of their ids.
 */
public class UnreadChats {

    private final DynamoDbClient client;
    private final String table;

    public UnreadChats(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** Creates the table, with whatever it needs to answer both questions. */
    public void createTable() {
        // TODO: create the table (and anything else both questions need), and wait until it exists
        throw new UnsupportedOperationException("TODO: create the memberships table");
    }

    public void join(String chatId, String userId) {
        // TODO: store the membership, with nothing unread
        throw new UnsupportedOperationException("TODO: store a membership");
    }

    /** A message the member has not read arrived in the chat. */
    public void markUnread(String chatId, String userId, long messageId) {
        // TODO: record that the membership has something unread
        throw new UnsupportedOperationException("TODO: mark a chat unread");
    }

    /** The member read the chat. */
    public void markRead(String chatId, String userId) {
        // TODO: the membership has nothing unread any more
        throw new UnsupportedOperationException("TODO: mark a chat read");
    }

    /** The ids of the user's chats with something unread, ascending. */
    public List<String> unreadChats(String userId) {
        // TODO: one Query that reads only unread memberships
        throw new UnsupportedOperationException("TODO: read a user's unread chats");
    }

    /** The ids of every user with something unread in any chat, ascending, each once. */
    public List<String> usersWithUnread() {
        // TODO: read only the unread memberships
        throw new UnsupportedOperationException("TODO: find everyone with something unread");
    }
}
