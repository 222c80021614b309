package workshop.lesson01;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;

/**
 * Exercise 01: Q1, "the n newest messages of a chat", asked 20,000 times a second (n is 50 on
 * the app's screen, at most 1,000). The rules: Q1 reads one partition on one node and no more
 * rows than it returns, newest first, without sorting in the application. Message ids sort by
 * time: a larger id is a newer message. The tests grade the nodes, partitions and rows each call
 * reads, whatever the table is called and however it is keyed.
 *
 * The tests give you a session already bound to a keyspace of your own: write table names
 * without a keyspace. Use prepared statements with bound values.
 */
public class ConversationMessages {

    private final CqlSession session;

    public ConversationMessages(CqlSession session) {
        this.session = session;
    }

    /** Creates the table: what does Q1 name, and in which order does it read? */
    public void createTable() {
        // TODO: CREATE TABLE ... keyed so that Q1 reads one partition and stops at its LIMIT
        throw new UnsupportedOperationException("TODO: create a table keyed for Q1");
    }

    public void add(Message message) {
        // TODO: insert the message
        throw new UnsupportedOperationException("TODO: insert a message");
    }

    /**
     * The n newest messages of the conversation, newest first; empty for an unknown conversation.
     *
     * @throws IllegalArgumentException when n is not between 1 and 1,000
     */
    public List<Message> latest(String conversationId, int n) {
        // TODO: one query that reads no more rows than it returns
        throw new UnsupportedOperationException("TODO: read the n newest messages of one conversation");
    }
}
