package workshop.lesson06;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Lesson 06, task 3 of 3 (tests: Task3ChatListsTest): the chat-list write of lesson 04 as one
 * DynamoDB transaction, in one table whose items and keys you design.
 *
 * The questions:
 *   chatList(user, n)  a user's n most recently active chats, newest first, each with its last
 *                      message id and a preview (the message's first 40 characters): 5,000/s,
 *                      one Query that reads no more items than it returns
 *   send               every message moves its chat to the top of each member's list
 *
 * The rules the tests hold you to:
 *   - a send happens entirely or not at all: the message, and every member's list
 *   - a sender who is not a member is refused (NotAMemberException) and nothing is written
 *   - two sends that race each other leave every chat listed once per member
 *   - a send is one TransactWriteItems of at most 2 + 2 x members items, and a chat whose send
 *     would take more than MAX_ACTIONS actions is refused before anything is sent
 * The tests name the table; everything in it is yours to decide.
 */
public class ChatLists {

    public static final int MAX_ACTIONS = 100;

    private final DynamoDbClient client;
    private final String table;

    public ChatLists(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    public void createTable() {
        // TODO: create the table for the items you designed, and wait until it exists
        throw new UnsupportedOperationException("TODO: create the chats table");
    }

    /** Starts a chat with no messages: each member sees it in their list with an empty preview. */
    public void createChat(String chatId, List<String> members) {
        // TODO: write what a new chat needs (a batch is fine here)
        throw new UnsupportedOperationException("TODO: create a chat");
    }

    /**
     * Stores the message and moves the chat to the top of every member's list, all or nothing.
     *
     * @throws NotAMemberException when the sender is not a member (and then nothing is written)
     * @throws IllegalArgumentException when the chat has too many members for one transaction
     *                                  (checked before anything is sent to DynamoDB)
     */
    public void send(String chatId, String senderId, long messageId, String body) {
        // TODO: read what the send needs to know, then one TransactWriteItems
        throw new UnsupportedOperationException("TODO: send a message in one transaction");
    }

    /** The user's n most recently active chats, newest first, from one Query. */
    public List<ChatListEntry> chatList(String userId, int n) {
        // TODO: one Query that stops after n
        throw new UnsupportedOperationException("TODO: read a user's chat list");
    }
}
