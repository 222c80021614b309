package workshop.lesson04;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;

/**
 * Exercise 04: Q2, "a user's chats, the one with the newest message first", from one partition.
 *
 * Three tables: messages (the source of truth, partitioned by conversation), members (who is in a
 * conversation, partitioned by conversation) and chat_lists (partitioned by user, one row per chat,
 * sorted by the time of the chat's newest message, newest first). Sending a message writes the
 * message and moves its chat to the top of every member's list. The time a message was sent is
 * in its id: {@code workshop.kit.ids.Snowflake.instant(messageId)}.
 *
 * The tests give you a session bound to a keyspace of your own: write table names without a
 * keyspace. Use prepared statements with bound values.
 */
public class ChatLists {

    private final CqlSession session;

    public ChatLists(CqlSession session) {
        this.session = session;
    }

    /** Creates messages, members and chat_lists. Which column of chat_lists orders a user's chats? */
    public void createTables() {
        // TODO: three CREATE TABLE statements
        throw new UnsupportedOperationException("TODO: create messages, members and chat_lists");
    }

    /** Adds a member to a conversation. Their list shows the chat from its next message on. */
    public void join(String conversationId, String userId) {
        // TODO: insert into members
        throw new UnsupportedOperationException("TODO: add a member");
    }

    /**
     * Stores the message and puts its chat on top of every member's list, all or nothing. A sort
     * key cannot be changed in place: the chat's old row in each list must be deleted and a new
     * one inserted. Read what you need first (the members, the chat's previous newest message),
     * then apply every write in one logged batch.
     */
    public void send(Message message) {
        // TODO: two single-partition reads, then one BatchStatement of type LOGGED
        throw new UnsupportedOperationException("TODO: send a message");
    }

    /**
     * The user's n most recently active chats, newest first.
     *
     * @throws IllegalArgumentException when n is not between 1 and 1,000
     */
    public List<ChatEntry> chatsOf(String userId, int n) {
        // TODO: one partition, stop after n rows
        throw new UnsupportedOperationException("TODO: read a user's chat list");
    }
}
