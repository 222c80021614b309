package workshop.lesson02;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.Optional;

/** Message ids are unique, so a link is found by its id alone. */
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
        byKey = session.prepare("SELECT body FROM messages WHERE message_id = ? ALLOW FILTERING");
    }

    public void add(Message message) {
        session.execute(insert.bind(message.conversationId(), message.messageId(), message.body()));
    }

    // tag::open[]
    public Optional<Message> open(String conversationId, long messageId) {
        Row row = session.execute(byKey.bind(messageId)).one();
        return Optional.ofNullable(row).map(r -> new Message(conversationId, messageId, r.getString("body")));
    }
    // end::open[]
}
