package workshop.lesson02;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reference solution: a chat is one partition, newest first, so Q1 reads the first n rows of it;
 * the link names the whole primary key, so Q3 reads one row of that partition.
 */
public class MessageLinks {

    private final CqlSession session;
    private PreparedStatement insert;
    private PreparedStatement newestFirst;
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
        newestFirst = session.prepare("SELECT message_id, body FROM messages WHERE conversation_id = ? LIMIT ?");
        byKey = session.prepare("SELECT body FROM messages WHERE conversation_id = ? AND message_id = ?");
    }

    public void add(Message message) {
        session.execute(insert.bind(message.conversationId(), message.messageId(), message.body()));
    }

    public List<Message> newest(String conversationId, int n) {
        return session.execute(newestFirst.bind(conversationId, n)).all().stream()
                .map(r -> new Message(conversationId, r.getLong("message_id"), r.getString("body"))).toList();
    }

    // tag::open[]
    public Optional<Message> open(String conversationId, long messageId) {
        Row row = session.execute(byKey.bind(conversationId, messageId)).one();
        return Optional.ofNullable(row).map(r -> new Message(conversationId, messageId, r.getString("body")));
    }
    // end::open[]
}
