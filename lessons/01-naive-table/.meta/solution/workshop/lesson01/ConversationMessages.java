package workshop.lesson01;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.List;

/** Reference solution: the conversation is the partition, newest message first inside it. */
public class ConversationMessages {

    private final CqlSession session;
    private PreparedStatement insert;
    private PreparedStatement newest;

    public ConversationMessages(CqlSession session) {
        this.session = session;
    }

    public void createTable() {
        session.execute(SimpleStatement.newInstance("""
                CREATE TABLE IF NOT EXISTS messages_by_conversation (
                  conversation_id text,
                  message_id bigint,
                  body text,
                  PRIMARY KEY ((conversation_id), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)""").setTimeout(Duration.ofSeconds(60)));
        insert = session.prepare("INSERT INTO messages_by_conversation (conversation_id, message_id, body) VALUES (?, ?, ?)");
        newest = session.prepare("SELECT conversation_id, message_id, body FROM messages_by_conversation WHERE conversation_id = ? LIMIT ?");
    }

    public void add(Message message) {
        session.execute(insert.bind(message.conversationId(), message.messageId(), message.body()));
    }

    // tag::latest[]
    public List<Message> latest(String conversationId, int n) {
        if (n < 1 || n > 1_000) {
            throw new IllegalArgumentException("n must be between 1 and 1,000, was " + n);
        }
        return session.execute(newest.bind(conversationId, n)).all().stream()
                .map(row -> new Message(row.getString("conversation_id"), row.getLong("message_id"), row.getString("body")))
                .toList();
    }
    // end::latest[]
}
