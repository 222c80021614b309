package workshop.lesson06;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Lesson 06, task 3 of 3 (tests: Task3ChatListsTest): the chat-list write of lesson 04 as one
 * DynamoDB transaction. "A user's chats, most recently active first" is asked 5,000 times a second;
 * every message moves its chat to the top of each member's list, and all of a send happens or none.
 *
 * The items, all in one table with string keys pk and sk:
 *   chat head    pk "CHAT#chatId", sk "HEAD"            last_message_id (number, 0 for a new chat)
 *   member       pk "CHAT#chatId", sk "MEMBER#userId"
 *   message      pk "CHAT#chatId", sk "MSG#" + the message id padded to 19 digits; sender_id, body
 *   chat-list    pk "USER#userId", sk the chat's last message id padded to 19 digits + "#" + chatId;
 *                chat_id, last_message_id, preview (the message's first 40 characters)
 * A send writes the message, moves the head, and deletes and puts one chat-list row per member:
 * 2 + 2 x members items, plus a ConditionCheck that the sender is a member. One transaction
 * takes at most 100 actions.
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
        // TODO: a table with string keys pk and sk
        throw new UnsupportedOperationException("TODO: create the chats table");
    }

    /** Writes the head (last_message_id 0), one member item and one chat-list row (preview "") per member. */
    public void createChat(String chatId, List<String> members) {
        // TODO: put the head, the members and their chat-list rows (a batch is fine here)
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
        // TODO: read the head and members, then one TransactWriteItems: ConditionCheck, head update, message, rows
        throw new UnsupportedOperationException("TODO: send a message in one transaction");
    }

    /** The user's n most recently active chats, newest first, from one Query. */
    public List<ChatListEntry> chatList(String userId, int n) {
        // TODO: one Query on the user's partition, newest first, stop after n
        throw new UnsupportedOperationException("TODO: read a user's chat list");
    }
}
