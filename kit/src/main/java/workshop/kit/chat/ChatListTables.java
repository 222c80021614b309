package workshop.kit.chat;

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.ids.Snowflake;

/**
 * Lesson 04's tables and statements: messages and members keyed by conversation, user_chats keyed
 * by user, and chat_lists, Q2 stored the way Q2 asks (a second copy, chat_lists_rebuilt, for the
 * rebuild to compare with). A send is returned as the list of its writes, so the lesson can apply
 * them as one logged batch or one at a time.
 */
public final class ChatListTables {

    private final CqlSession session;
    private final Snowflake ids = new Snowflake(4);
    private PreparedStatement insertMessage;
    private PreparedStatement insertMember;
    private PreparedStatement insertUserChat;
    private PreparedStatement chatsOfUser;
    private PreparedStatement newestOfEach;
    private PreparedStatement newestOfOne;
    private PreparedStatement membersOf;
    private PreparedStatement chatList;
    private PreparedStatement deleteEntry;
    private PreparedStatement insertEntry;

    public ChatListTables(CqlSession session) {
        this.session = session;
    }

    public void createTables() {
        session.execute(schema("""
                CREATE TABLE messages (
                  conversation_id text, message_id bigint, sender_id text, body text,
                  PRIMARY KEY ((conversation_id), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)"""));
        session.execute(schema("""
                CREATE TABLE members (conversation_id text, user_id text,
                  PRIMARY KEY ((conversation_id), user_id))"""));
        session.execute(schema("""
                CREATE TABLE user_chats (user_id text, conversation_id text,
                  PRIMARY KEY ((user_id), conversation_id))"""));
        // tag::chat-lists-schema[]
        for (String table : List.of("chat_lists", "chat_lists_rebuilt")) {
            session.execute(schema("""
                    CREATE TABLE %s (
                      user_id text, last_message_at timestamp, conversation_id text, last_message_id bigint, preview text,
                      PRIMARY KEY ((user_id), last_message_at, conversation_id))
                    WITH CLUSTERING ORDER BY (last_message_at DESC, conversation_id ASC)""".formatted(table)));
        }
        // end::chat-lists-schema[]
        prepare();
    }

    private void prepare() {
        insertMessage = session.prepare("INSERT INTO messages (conversation_id, message_id, sender_id, body) VALUES (?, ?, ?, ?)");
        insertMember = session.prepare("INSERT INTO members (conversation_id, user_id) VALUES (?, ?)");
        insertUserChat = session.prepare("INSERT INTO user_chats (user_id, conversation_id) VALUES (?, ?)");
        // tag::q2-naive[]
        chatsOfUser = session.prepare("SELECT conversation_id FROM user_chats WHERE user_id = ?");
        newestOfEach = session.prepare(
                "SELECT conversation_id, message_id FROM messages WHERE conversation_id IN ? PER PARTITION LIMIT 1");
        // end::q2-naive[]
        newestOfOne = session.prepare("SELECT message_id FROM messages WHERE conversation_id = ? LIMIT 1");
        membersOf = session.prepare("SELECT user_id FROM members WHERE conversation_id = ?");
        // tag::chat-list-read[]
        chatList = session.prepare("SELECT conversation_id, last_message_at FROM chat_lists WHERE user_id = ? LIMIT ?");
        // end::chat-list-read[]
        deleteEntry = session.prepare("DELETE FROM chat_lists WHERE user_id = ? AND last_message_at = ? AND conversation_id = ?");
        insertEntry = session.prepare("""
                INSERT INTO chat_lists (user_id, last_message_at, conversation_id, last_message_id, preview)
                VALUES (?, ?, ?, ?, ?)""");
    }

    /** Q2 without its own table, step 1: the user's chat ids, in no useful order. */
    public BoundStatement chatIdsOf(String user) {
        return chatsOfUser.bind(user);
    }

    /** Q2 without its own table, step 2: the newest message of each chat, one partition each. */
    public BoundStatement newestOfEach(List<String> chats) {
        return newestOfEach.bind(chats);
    }

    /** Q2 from chat_lists: the user's first n chats, newest message first. */
    public BoundStatement chatList(String user, int n) {
        return chatList.bind(user, n);
    }

    /** Whether a write of a send's plan is the delete that moves a chat off its old position. */
    public boolean isDelete(BatchableStatement<?> write) {
        return write instanceof BoundStatement bound && bound.getPreparedStatement() == deleteEntry;
    }

    /**
     * What sending one message writes, read through the given session: the message, then for each
     * member the delete of the chat's old row (if the chat had one) and the new row.
     */
    public List<BatchableStatement<?>> send(CqlSession via, String chat, String sender) {
        long id = ids.next();
        String body = sender + " in " + chat + " at " + Snowflake.instant(id);
        List<String> members = via.execute(membersOf.bind(chat)).all().stream().map(r -> r.getString("user_id")).toList();
        Row previous = via.execute(newestOfOne.bind(chat)).one();
        Instant at = Snowflake.instant(id);
        Instant before = previous == null ? null : Snowflake.instant(previous.getLong("message_id"));
        List<BatchableStatement<?>> writes = new ArrayList<>();
        writes.add(insertMessage.bind(chat, id, sender, body));
        for (String member : members) {
            // In one batch every write carries the same timestamp, and a delete wins a tie with an insert.
            if (before != null && !before.equals(at)) {
                writes.add(deleteEntry.bind(member, before, chat));
            }
            writes.add(insertEntry.bind(member, at, chat, id, ChatListJob.preview(body)));
        }
        return writes;
    }

    /** What {@link #loadHistory} wrote. */
    public record History(int messages, int rows, double rowsPerSecond) {}

    /**
     * Members, user_chats rows, and messagesPerChat messages in every chat over the past month, sent
     * in a shuffled order (the same on every run) so no chat's messages come all at once.
     */
    public History loadHistory(Map<String, List<String>> chats, int messagesPerChat) {
        List<BatchableStatement<?>> writes = new ArrayList<>();
        chats.forEach((chat, members) -> members.forEach(user -> {
            writes.add(insertMember.bind(chat, user));
            writes.add(insertUserChat.bind(user, chat));
        }));
        record Sender(String chat, String user) {}
        List<Sender> senders = new ArrayList<>();
        chats.forEach((chat, members) -> IntStream.range(0, messagesPerChat)
                .forEach(i -> senders.add(new Sender(chat, members.get(i % members.size())))));
        Collections.shuffle(senders, new Random(4));
        Instant start = Instant.now().minus(Duration.ofDays(30));
        long step = Duration.ofDays(30).toMillis() / senders.size();
        for (int i = 0; i < senders.size(); i++) {
            long id = Snowflake.firstIdAt(start.plusMillis(step * i));
            writes.add(insertMessage.bind(senders.get(i).chat(), id, senders.get(i).user(), "message " + i));
        }
        BulkWriter.Load load = BulkWriter.write(session, "loading " + writes.size() + " rows", writes.size(),
                i -> writes.get((int) i));
        return new History(senders.size(), writes.size(), load.perSecond());
    }
}
