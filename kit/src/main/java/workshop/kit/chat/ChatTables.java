package workshop.kit.chat;

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.ids.Snowflake;

/**
 * The chat app's final tables and the statements that serve its questions: messages in
 * (conversation, 10-day bucket) partitions, a message_id lookup, members, and chat_lists kept up
 * by every send. {@link ChatCatalogue} declares what each read costs; lesson 09 checks it.
 */
public final class ChatTables {

    /** Discord's bucket: ten days of milliseconds since the id's epoch, read from the id itself. */
    static final long BUCKET_MILLIS = Duration.ofDays(10).toMillis();

    private final CqlSession session;
    private final int walk;
    private int sent;
    private PreparedStatement insertMessage;
    private PreparedStatement insertLookup;
    private PreparedStatement insertMember;
    private PreparedStatement insertChatRow;
    private PreparedStatement deleteChatRow;
    private PreparedStatement newest;
    private PreparedStatement byKey;
    private PreparedStatement lookup;
    private PreparedStatement chatList;
    private PreparedStatement before;
    private PreparedStatement after;
    private PreparedStatement members;

    /** walk: how many buckets, newest first, a read of the newest messages may visit. */
    public ChatTables(CqlSession session, int walk) {
        this.session = session;
        this.walk = walk;
    }

    public static int bucketOf(long messageId) {
        return (int) ((messageId >> Snowflake.TIME_SHIFT) / BUCKET_MILLIS);
    }

    public static int currentBucket() {
        return bucketOf(Snowflake.firstIdAt(ChatData.NOW));
    }

    public void createTables() {
        session.execute(schema("""
                CREATE TABLE messages (conversation_id text, bucket int, message_id bigint, sender_id text, body text,
                  PRIMARY KEY ((conversation_id, bucket), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)"""));
        session.execute(schema("CREATE TABLE message_lookup (message_id bigint PRIMARY KEY, conversation_id text)"));
        session.execute(schema("CREATE TABLE members (conversation_id text, user_id text, PRIMARY KEY ((conversation_id), user_id))"));
        session.execute(schema("""
                CREATE TABLE chat_lists (user_id text, last_message_at timestamp, conversation_id text,
                  PRIMARY KEY ((user_id), last_message_at, conversation_id))
                WITH CLUSTERING ORDER BY (last_message_at DESC, conversation_id ASC)"""));
        insertMessage = session.prepare("INSERT INTO messages (conversation_id, bucket, message_id, sender_id, body) VALUES (?, ?, ?, ?, ?)");
        insertLookup = session.prepare("INSERT INTO message_lookup (message_id, conversation_id) VALUES (?, ?)");
        insertMember = session.prepare("INSERT INTO members (conversation_id, user_id) VALUES (?, ?)");
        insertChatRow = session.prepare("INSERT INTO chat_lists (user_id, last_message_at, conversation_id) VALUES (?, ?, ?)");
        deleteChatRow = session.prepare("DELETE FROM chat_lists WHERE user_id = ? AND last_message_at = ? AND conversation_id = ?");
        newest = session.prepare("SELECT conversation_id, message_id, sender_id, body FROM messages WHERE conversation_id = ? AND bucket = ? LIMIT ?");
        byKey = session.prepare("SELECT conversation_id, message_id, sender_id, body FROM messages WHERE conversation_id = ? AND bucket = ? AND message_id = ?");
        lookup = session.prepare("SELECT conversation_id FROM message_lookup WHERE message_id = ?");
        chatList = session.prepare("SELECT conversation_id, last_message_at FROM chat_lists WHERE user_id = ? LIMIT ?");
        before = session.prepare("SELECT message_id, body FROM messages WHERE conversation_id = ? AND bucket = ? AND message_id <= ? LIMIT ?");
        after = session.prepare("SELECT message_id, body FROM messages WHERE conversation_id = ? AND bucket = ? AND message_id > ? ORDER BY message_id ASC LIMIT ?");
        members = session.prepare("SELECT user_id FROM members WHERE conversation_id = ?");
    }

    public void load(ChatData data) {
        List<Message> messages = data.messages();
        BulkWriter.writeByPartition(session, "messages and lookup rows", messages.size() * 2L, i -> {
            Message m = messages.get((int) (i / 2));
            return i % 2 == 0 ? insertMessage.bind(m.conversationId(), bucketOf(m.messageId()), m.messageId(), m.senderId(), m.body())
                    : insertLookup.bind(m.messageId(), m.conversationId());
        });
        // chat_lists as a rebuild from messages writes it: one row per member, at the chat's last message.
        List<BoundStatement> rows = new ArrayList<>();
        Map<String, Long> last = data.lastMessageIds();
        data.members().forEach((chat, users) -> users.forEach(user -> {
            rows.add(insertMember.bind(chat, user));
            rows.add(insertChatRow.bind(user, Snowflake.instant(last.get(chat)), chat));
        }));
        BulkWriter.writeByPartition(session, "members and chat-list rows", rows.size(), i -> rows.get((int) i));
    }

    /** Q1 and P1: newest first, from the current bucket back, one bucket per request, at most walk buckets. */
    public List<Row> newest(String chat, int n) {
        return walk(currentBucket(), -1, walk, n, (bucket, left) -> newest.bind(chat, bucket, left));
    }

    /** Q2 and P3. */
    public List<Row> chatList(String user, int n) {
        return session.execute(chatList.bind(user, n)).all();
    }

    /** Q3: the link carries the whole key, the bucket being part of the id. */
    public Row byLink(String chat, long messageId) {
        return session.execute(byKey.bind(chat, bucketOf(messageId), messageId)).one();
    }

    /** Q3 when the link carries only the message id. */
    public Row byId(long messageId) {
        Row found = session.execute(lookup.bind(messageId)).one();
        return found == null ? null : byLink(found.getString("conversation_id"), messageId);
    }

    /** P2: n messages up to the given one and n after it, walking into a neighbouring bucket when one runs short. */
    public List<Row> around(String chat, long messageId, int n) {
        int home = bucketOf(messageId);
        List<Row> rows = new ArrayList<>(walk(home, -1, 2, n, (bucket, left) -> before.bind(chat, bucket, messageId, left)));
        rows.addAll(walk(home, +1, Math.min(2, currentBucket() - home + 1), n, (bucket, left) -> after.bind(chat, bucket, messageId, left)));
        return rows;
    }

    /** Q4: the batch job. A real one scans token ranges in parallel; the trace shows the same scan. */
    public List<Row> export(String sender, int year) {
        return EarlierDesigns.export(session, "messages", sender, year);
    }

    /**
     * Sending: the message, its lookup row, and each member's chat-list row moved to the top (a
     * delete and an insert, since a sort key cannot change in place), all or nothing.
     */
    public BatchStatement send(String chat, String sender, String body) {
        Instant previous = Snowflake.instant(newest(chat, 1).get(0).getLong("message_id"));
        long id = Snowflake.firstIdAt(ChatData.NOW.plusSeconds(60L * ++sent));
        BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.LOGGED)
                .addStatement(insertMessage.bind(chat, bucketOf(id), id, sender, body))
                .addStatement(insertLookup.bind(id, chat));
        for (Row member : session.execute(members.bind(chat))) {
            String user = member.getString("user_id");
            batch.addStatement(deleteChatRow.bind(user, previous, chat)).addStatement(insertChatRow.bind(user, Snowflake.instant(id), chat));
        }
        return batch.build();
    }

    private List<Row> walk(int from, int step, int most, int n, BiFunction<Integer, Integer, BoundStatement> read) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0, bucket = from; i < most && rows.size() < n; i++, bucket += step) {
            rows.addAll(session.execute(read.apply(bucket, n - rows.size())).all());
        }
        return rows;
    }
}
