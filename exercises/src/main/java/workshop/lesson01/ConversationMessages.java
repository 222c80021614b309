package workshop.lesson01;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;

/**
 * Exercise 01: store messages so that Q1, "the n newest messages of a chat", is answered by one
 * partition on one node, newest first, reading no more than n rows.
 *
 * The tests give you a session already bound to a keyspace of your own: write table names
 * without a keyspace. Use prepared statements with bound values.
 */
public class ConversationMessages {

    private final CqlSession session;

    public ConversationMessages(CqlSession session) {
        this.session = session;
    }

    /** Creates the table. Which column is the partition key, and how are rows ordered inside it? */
    public void createTable() {
        // TODO: CREATE TABLE ... with a primary key that serves Q1
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
        // TODO: one query, one partition, stop after n rows
        throw new UnsupportedOperationException("TODO: read the n newest messages of one conversation");
    }
}
