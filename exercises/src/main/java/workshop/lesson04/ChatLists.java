package workshop.lesson04;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;

/**
 * Exercise 04: Q2, "a user's chats, the one with the newest message first", asked 5,000 times a
 * second, must read one partition. Q1 (a chat's newest messages, 20,000/s) keeps its table.
 *
 * Three tables: messages (the source of truth), members (who is in a conversation) and
 * chat_lists (what Q2 reads). Which key lets Q2 name one partition and read it already in order?
 * Sending a message stores it and brings its chat to the top of every member's list, all or
 * nothing. The time a message was sent is in its id:
 * {@code workshop.kit.ids.Snowflake.instant(messageId)}.
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
        // TODO: create the three tables
        throw new UnsupportedOperationException("TODO: create messages, members and chat_lists");
    }

    /** Adds a member to a conversation. Their list shows the chat from its next message on. */
    public void join(String conversationId, String userId) {
        // TODO: insert into members
        throw new UnsupportedOperationException("TODO: add a member");
    }

    /**
     * Stores the message and puts its chat on top of every member's list, all or nothing: no
     * member may be left with the chat in its old place. What must you know before writing, and
     * what happens to a row whose position in its partition changes?
     */
    public void send(Message message) {
        // TODO: store the message and move its chat to the top of every member's list
        throw new UnsupportedOperationException("TODO: send a message");
    }

    /**
     * The user's n most recently active chats, newest first.
     *
     * @throws IllegalArgumentException when n is not between 1 and 1,000
     */
    public List<ChatEntry> chatsOf(String userId, int n) {
        // TODO: Q2
        throw new UnsupportedOperationException("TODO: read a user's chat list");
    }
}
