package workshop.lesson01;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.List;

/** Messages keyed by their id, with an index on the chat so it can be looked up. */
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
                  PRIMARY KEY (message_id))""").setTimeout(Duration.ofSeconds(60)));
        session.execute(SimpleStatement.newInstance(
                "CREATE INDEX IF NOT EXISTS by_conversation ON messages_by_conversation (conversation_id)")
                .setTimeout(Duration.ofSeconds(60)));
        insert = session.prepare("INSERT INTO messages_by_conversation (conversation_id, message_id, body) VALUES (?, ?, ?)");
        newest = session.prepare("SELECT conversation_id, message_id, body FROM messages_by_conversation WHERE conversation_id = ?");
    }

    public void add(Message message) {
        session.execute(insert.bind(message.conversationId(), message.messageId(), message.body()));
    }

    // tag::latest[]
    public List<Message> latest(String conversationId, int n) {
        if (n < 1 || n > 1_000) {
            throw new IllegalArgumentException("n must be between 1 and 1,000, was " + n);
        }
        List<Message> all = new java.util.ArrayList<>(session.execute(newest.bind(conversationId)).all().stream()
                .map(row -> new Message(row.getString("conversation_id"), row.getLong("message_id"), row.getString("body")))
                .toList());
        all.sort((a, b) -> Long.compare(b.messageId(), a.messageId()));
        return all.subList(0, Math.min(n, all.size()));
    }
    // end::latest[]
}
