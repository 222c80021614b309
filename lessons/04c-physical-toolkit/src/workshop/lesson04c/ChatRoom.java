package workshop.lesson04c;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;

/**
 * Exercise 04c: a chat room's physical model, with the tools of lesson 04c where they fit.
 *
 * The questions:
 *   newest(chat, n)       the chat's title and its n newest messages, newest first: 20,000/s,
 *                         one partition read (the title comes with the rows, not from a second read)
 *   retitle(chat, title)  the owner renames the chat: one partition written, however many messages
 *   isMember(chat, user)  checked on every message sent: a chat may have thousands of members,
 *                         and the check must not bring them all back to test one
 *   recordView(chat, id)  someone opened the chat; id is made once per opening, and a client that
 *                         timed out sends the same call again: a retry must not count twice
 *   views(chat)           how many times the chat was opened, from one partition
 *   sentBy(chat, who, n)  the n newest messages one member sent in the chat, newest first, for
 *                         their card in the member list: one partition read. Posting stays the
 *                         busiest write: at most two partitions written, nothing read before
 *
 * The tests grade the answers and what each call reads and writes, measured on the store, whatever
 * your tables are called. The session is bound to a keyspace of your own; use prepared statements
 * with bound values.
 */
public class ChatRoom {

    private final CqlSession session;

    public ChatRoom(CqlSession session) {
        this.session = session;
    }

    public void createTables() {
        // TODO: the tables: messages with the chat's title, members, views, a sender's messages
        throw new UnsupportedOperationException("TODO: create the tables");
    }

    public void post(Message message) {
        // TODO: insert the message, wherever it must be found
        throw new UnsupportedOperationException("TODO: post a message");
    }

    public void retitle(String conversationId, String title) {
        // TODO: one write that every message of the chat shows
        throw new UnsupportedOperationException("TODO: rename a chat");
    }

    /** The chat's title (null before the first retitle) and its n newest messages, newest first. */
    public Page newest(String conversationId, int n) {
        // TODO: one query of one partition
        throw new UnsupportedOperationException("TODO: read a chat's page");
    }

    public void join(String conversationId, String userId) {
        // TODO: add a member
        throw new UnsupportedOperationException("TODO: join a chat");
    }

    public boolean isMember(String conversationId, String userId) {
        // TODO: read what answers this one user, not every member
        throw new UnsupportedOperationException("TODO: check a member");
    }

    /** Someone opened the chat; a retry sends the same viewId again and must not count twice. */
    public void recordView(String conversationId, String viewId) {
        // TODO: a write that is the same when repeated
        throw new UnsupportedOperationException("TODO: record a view");
    }

    public long views(String conversationId) {
        // TODO: count the chat's views from one partition
        throw new UnsupportedOperationException("TODO: count a chat's views");
    }

    /** The n newest messages the sender posted in the chat, newest first. */
    public List<Message> sentBy(String conversationId, String sender, int n) {
        // TODO: one query of one partition
        throw new UnsupportedOperationException("TODO: read a sender's messages");
    }
}
