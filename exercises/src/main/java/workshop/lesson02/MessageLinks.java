package workshop.lesson02;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import java.util.Optional;

/**
 * Exercise 02, part 2: one messages table answers both of the lesson's questions. Q1, "the n
 * newest messages of a chat", is the busy one: one partition, stopping after n rows. Q3, "open one
 * message from a link": the link carries both the conversation id and the message id, so the read
 * should touch one partition and one row.
 */
public class MessageLinks {

    private final CqlSession session;

    public MessageLinks(CqlSession session) {
        this.session = session;
    }

    public void createTable() {
        // TODO: partition by conversation, messages newest first inside it
        throw new UnsupportedOperationException("TODO: create the messages table");
    }

    public void add(Message message) {
        // TODO: insert the message
        throw new UnsupportedOperationException("TODO: insert a message");
    }

    /** Q1: the conversation's n newest messages, newest first. */
    public List<Message> newest(String conversationId, int n) {
        // TODO: one partition, no more rows than it returns
        throw new UnsupportedOperationException("TODO: read a chat's newest messages");
    }

    /** Q3: the message the link points to, if it exists. */
    public Optional<Message> open(String conversationId, long messageId) {
        // TODO: one partition, one row
        throw new UnsupportedOperationException("TODO: read one message by its full primary key");
    }
}
