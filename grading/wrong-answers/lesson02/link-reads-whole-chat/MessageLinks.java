package workshop.lesson02;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.Optional;

/** A link opens its chat, and the message is picked out of it. */
public class MessageLinks {

    private final CqlSession session;
    private PreparedStatement insert;
    private PreparedStatement byKey;

    public MessageLinks(CqlSession session) {
        this.session = session;
    }

    public void createTable() {
        session.execute(SimpleStatement.newInstance("""
                CREATE TABLE IF NOT EXISTS messages (
                  conversation_id text,
                  message_id bigint,
                  body text,
                  PRIMARY KEY ((conversation_id), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)""").setTimeout(Duration.ofSeconds(60)));
        insert = session.prepare("INSERT INTO messages (conversation_id, message_id, body) VALUES (?, ?, ?)");
        byKey = session.prepare("SELECT message_id, body FROM messages WHERE conversation_id = ?");
    }

    public void add(Message message) {
        session.execute(insert.bind(message.conversationId(), message.messageId(), message.body()));
    }

    // tag::open[]
    public Optional<Message> open(String conversationId, long messageId) {
        for (Row row : session.execute(byKey.bind(conversationId))) {
            if (row.getLong("message_id") == messageId) {
                return Optional.of(new Message(conversationId, messageId, row.getString("body")));
            }
        }
        return Optional.empty();
    }
    // end::open[]
}
