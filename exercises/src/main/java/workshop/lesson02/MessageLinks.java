package workshop.lesson02;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.Optional;

/**
 * Exercise 02, part 2: Q3, "open one message from a link". The link carries both the
 * conversation id and the message id, so the read should touch one partition and one row.
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

    /** The message the link points to, if it exists. */
    public Optional<Message> open(String conversationId, long messageId) {
        // TODO: one partition, one row
        throw new UnsupportedOperationException("TODO: read one message by its full primary key");
    }
}
