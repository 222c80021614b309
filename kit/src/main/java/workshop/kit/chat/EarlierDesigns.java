package workshop.kit.chat;

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.ids.Snowflake;

/**
 * The designs lesson 09 tries before its final one (messages keyed by message_id, then by conversation),
 * with the reads it measures on them. Only the story uses them; the catalogue runs on {@link ChatData}'s
 * final tables.
 */
public final class EarlierDesigns {

    private EarlierDesigns() {}

    public static void loadStoryTables(CqlSession session, ChatData data) {
        session.execute(schema("CREATE TABLE messages_by_id (message_id bigint PRIMARY KEY, conversation_id text, sender_id text, body text)"));
        session.execute(schema("""
                CREATE TABLE messages_by_conversation (conversation_id text, message_id bigint, sender_id text, body text,
                  PRIMARY KEY ((conversation_id), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)"""));
        PreparedStatement byId = session.prepare("INSERT INTO messages_by_id (message_id, conversation_id, sender_id, body) VALUES (?, ?, ?, ?)");
        PreparedStatement byConversation = session.prepare(
                "INSERT INTO messages_by_conversation (conversation_id, message_id, sender_id, body) VALUES (?, ?, ?, ?)");
        List<Message> messages = data.messages();
        BulkWriter.writeByPartition(session, "the earlier designs' tables", messages.size() * 2L, i -> {
            Message m = messages.get((int) (i / 2));
            return i % 2 == 0 ? byId.bind(m.messageId(), m.conversationId(), m.senderId(), m.body())
                    : byConversation.bind(m.conversationId(), m.messageId(), m.senderId(), m.body());
        });
    }

    /** The entity-first answer: read every message, keep the chat's newest n. */
    public static List<Long> newestByScan(CqlSession session, String chat, int n) {
        return session.execute(session.prepare("SELECT conversation_id, message_id FROM messages_by_id").bind()).all().stream()
                .filter(r -> r.getString("conversation_id").equals(chat)).map(r -> r.getLong("message_id"))
                .sorted(Comparator.reverseOrder()).limit(n).toList();
    }

    public static List<Row> newest(CqlSession session, String chat, int n) {
        return session.execute(session.prepare(
                "SELECT message_id, body FROM messages_by_conversation WHERE conversation_id = ? LIMIT ?").bind(chat, n)).all();
    }

    /** Q2 without its own table: the newest message of each chat, one partition per chat, sorted by the app. */
    public static List<Row> chatListFromMessages(CqlSession session, List<String> chats) {
        return session.execute(session.prepare(
                "SELECT conversation_id, message_id FROM messages_by_conversation WHERE conversation_id IN ? PER PARTITION LIMIT 1")
                .bind(chats)).all().stream().sorted(Comparator.comparingLong((Row r) -> r.getLong("message_id")).reversed()).toList();
    }

    public static Row messageByLink(CqlSession session, String chat, long messageId) {
        return session.execute(session.prepare(
                "SELECT body FROM messages_by_conversation WHERE conversation_id = ? AND message_id = ?").bind(chat, messageId)).one();
    }

    public static Row messageById(CqlSession session, long messageId) {
        Row found = session.execute(session.prepare("SELECT conversation_id FROM message_lookup WHERE message_id = ?").bind(messageId)).one();
        return found == null ? null : messageByLink(session, found.getString("conversation_id"), messageId);
    }

    /** The export: every row of the table, kept when the sender and the year match. */
    public static List<Row> export(CqlSession session, String table, String sender, int year) {
        return session.execute(session.prepare("SELECT conversation_id, message_id, sender_id, body FROM " + table).bind()).all()
                .stream().filter(r -> r.getString("sender_id").equals(sender))
                .filter(r -> Snowflake.instant(r.getLong("message_id")).atZone(ZoneOffset.UTC).getYear() == year).toList();
    }
}
