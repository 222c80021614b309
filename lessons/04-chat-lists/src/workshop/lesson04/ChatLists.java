package workshop.lesson04;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;

/**
 * Exercise 04: a second question about the same messages, served by tables you design.
 *
 * The questions:
 *   Q2 chatsOf(user, n)  a user's n most recently active chats, the one with the newest message
 *                        first, each with the time of that message: 5,000/s, one partition read,
 *                        at most 500 cells read, live rows and tombstones together (half the
 *                        node's tombstone warning); a user is in at most 300 chats
 *   Q1                   a chat's newest messages (lesson 02), 20,000/s: still asked, so the
 *                        messages must still serve it
 *   send                 a message to a chat of 2 to a few hundred members
 *
 * The rules the tests hold you to:
 *   - a send stores the message and brings its chat to the top of every member's list, all or
 *     nothing, in one logged batch; no member's list keeps the chat in its old place
 *   - each member's list shows a chat once, also after two messages of it in one millisecond,
 *     and two chats active in the same millisecond stay two entries
 *   - a send reads at most two partitions (and no more rows than a chat has members, plus one)
 *     and writes one partition per member plus one, however many members a chat has
 * The time a message was sent is in its id: {@code workshop.fixtures.ids.Snowflake.instant(messageId)}.
 * Table names, keys and columns are yours: the tests grade answers and measured cost only.
 *
 * The tests give you a session bound to a keyspace of your own: write table names without a
 * keyspace. Use prepared statements with bound values.
 */
public class ChatLists {

    private final CqlSession session;

    public ChatLists(CqlSession session) {
        this.session = session;
    }

    /** Creates the tables: which partition does Q2 name, and in which order does it read it? */
    public void createTables() {
        // TODO: a table for each question the rates call for, and what send needs to know
        throw new UnsupportedOperationException("TODO: create the tables of the chat lists");
    }

    /** Adds a member to a conversation. Their list shows the chat from its next message on. */
    public void join(String conversationId, String userId) {
        // TODO: remember who is in the chat, where send can read it in one partition
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
        // TODO: Q2, one query within the read budget above
        throw new UnsupportedOperationException("TODO: read a user's chat list");
    }
}
