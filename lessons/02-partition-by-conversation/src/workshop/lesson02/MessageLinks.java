package workshop.lesson02;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import java.util.Optional;

/**
 * Exercise 02, part 2: one messages table answers both of the lesson's questions.
 *
 * The questions:
 *   Q1 newest(chat, n)  the n newest messages of a chat, newest first: 20,000/s, one partition
 *                       read, no more rows than it returns
 *   Q3 open(chat, id)   the message a link points to; the link carries the conversation id and
 *                       the message id: one partition, one row, and nothing when no message has
 *                       that id (not its neighbour)
 *
 * The rules: no two messages overwrite each other, and ids sort by time (part 1). The tests grade
 * the partitions and rows each call reads, whatever the table is called and however it is keyed.
 * The session is bound to a keyspace of your own; use prepared statements with bound values.
 */
public class MessageLinks {

    private final CqlSession session;

    public MessageLinks(CqlSession session) {
        this.session = session;
    }

    public void createTable() {
        // TODO: one table keyed so that both questions read one partition
        throw new UnsupportedOperationException("TODO: create the messages table");
    }

    public void add(Message message) {
        // TODO: insert the message
        throw new UnsupportedOperationException("TODO: insert a message");
    }

    /** Q1: the conversation's n newest messages, newest first. */
    public List<Message> newest(String conversationId, int n) {
        // TODO: one query that reads no more rows than it returns
        throw new UnsupportedOperationException("TODO: read a chat's newest messages");
    }

    /** Q3: the message the link points to, if it exists. */
    public Optional<Message> open(String conversationId, long messageId) {
        // TODO: one query that reads the one row the link names
        throw new UnsupportedOperationException("TODO: open the message a link points to");
    }
}
