package workshop.lesson04;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.util.List;
import workshop.kit.cassandra.Keyspaces;
import workshop.fixtures.ids.Snowflake;

/**
 * Reference solution: chat_lists ((user_id), last_message_at DESC, conversation_id). A message is
 * one logged batch: the message row, and per member the delete of the chat's old row and its new row.
 */
public class ChatLists {

    private final CqlSession session;
    private PreparedStatement insertMessage;
    private PreparedStatement insertMember;
    private PreparedStatement membersOf;
    private PreparedStatement newestOf;
    private PreparedStatement deleteEntry;
    private PreparedStatement insertEntry;
    private PreparedStatement listOf;

    public ChatLists(CqlSession session) {
        this.session = session;
    }

    public void createTables() {
        for (String table : List.of("""
                CREATE TABLE IF NOT EXISTS messages (
                  conversation_id text, message_id bigint, sender_id text, body text,
                  PRIMARY KEY ((conversation_id), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)""", """
                CREATE TABLE IF NOT EXISTS members (
                  conversation_id text, user_id text,
                  PRIMARY KEY ((conversation_id), user_id))""", """
                CREATE TABLE IF NOT EXISTS chat_lists (
                  user_id text, last_message_at timestamp, conversation_id text,
                  PRIMARY KEY ((user_id), last_message_at, conversation_id))
                WITH CLUSTERING ORDER BY (last_message_at DESC, conversation_id ASC)""")) {
            session.execute(Keyspaces.schema(table));
        }
        insertMessage = session.prepare("INSERT INTO messages (conversation_id, message_id, sender_id, body) VALUES (?, ?, ?, ?)");
        insertMember = session.prepare("INSERT INTO members (conversation_id, user_id) VALUES (?, ?)");
        membersOf = session.prepare("SELECT user_id FROM members WHERE conversation_id = ?");
        newestOf = session.prepare("SELECT message_id FROM messages WHERE conversation_id = ? LIMIT 1");
        deleteEntry = session.prepare("DELETE FROM chat_lists WHERE user_id = ? AND last_message_at = ? AND conversation_id = ?");
        insertEntry = session.prepare("INSERT INTO chat_lists (user_id, last_message_at, conversation_id) VALUES (?, ?, ?)");
        listOf = session.prepare("SELECT conversation_id, last_message_at FROM chat_lists WHERE user_id = ? LIMIT ?");
    }

    public void join(String conversationId, String userId) {
        session.execute(insertMember.bind(conversationId, userId));
    }

    // tag::send[]
    public void send(Message message) {
        String chat = message.conversationId();
        List<String> members = session.execute(membersOf.bind(chat)).all().stream().map(r -> r.getString("user_id")).toList();
        Row previous = session.execute(newestOf.bind(chat)).one();
        Instant at = Snowflake.instant(message.messageId());
        Instant before = previous == null ? null : Snowflake.instant(previous.getLong("message_id"));
        BatchStatementBuilder batch = BatchStatement.builder(BatchType.LOGGED)
                .addStatement(insertMessage.bind(chat, message.messageId(), message.senderId(), message.body()));
        for (String member : members) {
            // Every write of a batch carries one timestamp, and a delete beats an insert of the same row on a tie.
            if (before != null && !before.equals(at)) {
                batch.addStatement(deleteEntry.bind(member, before, chat));
            }
            batch.addStatement(insertEntry.bind(member, at, chat));
        }
        session.execute(batch.build());
    }
    // end::send[]

    public List<ChatEntry> chatsOf(String userId, int n) {
        if (n < 1 || n > 1_000) {
            throw new IllegalArgumentException("n must be between 1 and 1,000, was " + n);
        }
        return session.execute(listOf.bind(userId, n)).all().stream()
                .map(row -> new ChatEntry(row.getString("conversation_id"), row.getInstant("last_message_at")))
                .toList();
    }
}
