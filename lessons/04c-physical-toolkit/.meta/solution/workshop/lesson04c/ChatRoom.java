package workshop.lesson04c;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.util.List;

/**
 * Reference solution: the title is a static column of the messages partition, so a page and its
 * title are one read and a rename one write; members are rows of their own, so a check reads one
 * row; a view is a row keyed by its id, so a retry rewrites the same row and a count stays true.
 * A sender's messages are a second table written by post() in the same logged batch: a
 * materialized view would keep it too, but reads the row before every write and is off by default.
 */
public class ChatRoom {

    private final CqlSession session;
    private PreparedStatement insertMessage;
    private PreparedStatement insertBySender;
    private PreparedStatement bySender;
    private PreparedStatement setTitle;
    private PreparedStatement page;
    private PreparedStatement insertMember;
    private PreparedStatement member;
    private PreparedStatement insertView;
    private PreparedStatement countViews;

    public ChatRoom(CqlSession session) {
        this.session = session;
    }

    public void createTables() {
        for (String table : List.of("""
                CREATE TABLE IF NOT EXISTS messages (
                  conversation_id text, message_id bigint, title text STATIC, sender text, body text,
                  PRIMARY KEY ((conversation_id), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)""", """
                CREATE TABLE IF NOT EXISTS chat_members (conversation_id text, user_id text,
                  PRIMARY KEY ((conversation_id), user_id))""", """
                CREATE TABLE IF NOT EXISTS chat_views (conversation_id text, view_id text,
                  PRIMARY KEY ((conversation_id), view_id))""", """
                CREATE TABLE IF NOT EXISTS messages_by_sender (conversation_id text, sender text,
                  message_id bigint, body text, PRIMARY KEY ((conversation_id, sender), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)""")) {
            session.execute(SimpleStatement.newInstance(table).setTimeout(Duration.ofSeconds(60)));
        }
        insertMessage = session.prepare(
                "INSERT INTO messages (conversation_id, message_id, sender, body) VALUES (?, ?, ?, ?)");
        insertBySender = session.prepare(
                "INSERT INTO messages_by_sender (conversation_id, sender, message_id, body) VALUES (?, ?, ?, ?)");
        bySender = session.prepare(
                "SELECT message_id, body FROM messages_by_sender WHERE conversation_id = ? AND sender = ? LIMIT ?");
        setTitle = session.prepare("UPDATE messages SET title = ? WHERE conversation_id = ?");
        page = session.prepare("SELECT title, message_id, sender, body FROM messages WHERE conversation_id = ? LIMIT ?");
        insertMember = session.prepare("INSERT INTO chat_members (conversation_id, user_id) VALUES (?, ?)");
        member = session.prepare("SELECT user_id FROM chat_members WHERE conversation_id = ? AND user_id = ?");
        insertView = session.prepare("INSERT INTO chat_views (conversation_id, view_id) VALUES (?, ?)");
        countViews = session.prepare("SELECT count(*) FROM chat_views WHERE conversation_id = ?");
    }

    // tag::post[]
    public void post(Message message) {
        session.execute(BatchStatement.newInstance(DefaultBatchType.LOGGED,
                insertMessage.bind(message.conversationId(), message.messageId(), message.sender(), message.body()),
                insertBySender.bind(message.conversationId(), message.sender(), message.messageId(), message.body())));
    }
    // end::post[]

    public void retitle(String conversationId, String title) {
        session.execute(setTitle.bind(title, conversationId));
    }

    // tag::newest[]
    public Page newest(String conversationId, int n) {
        List<Row> rows = session.execute(page.bind(conversationId, n)).all();
        String title = rows.isEmpty() ? null : rows.get(0).getString("title");
        // A partition with a title and no message yet returns one row of nulls besides its static column.
        List<Message> messages = rows.stream().filter(r -> !r.isNull("message_id"))
                .map(r -> new Message(conversationId, r.getLong("message_id"), r.getString("sender"), r.getString("body")))
                .toList();
        return new Page(title, messages);
    }
    // end::newest[]

    public void join(String conversationId, String userId) {
        session.execute(insertMember.bind(conversationId, userId));
    }

    public boolean isMember(String conversationId, String userId) {
        return session.execute(member.bind(conversationId, userId)).one() != null;
    }

    // tag::views[]
    public void recordView(String conversationId, String viewId) {
        session.execute(insertView.bind(conversationId, viewId));
    }

    public long views(String conversationId) {
        return session.execute(countViews.bind(conversationId)).one().getLong(0);
    }
    // end::views[]

    public List<Message> sentBy(String conversationId, String sender, int n) {
        return session.execute(bySender.bind(conversationId, sender, n)).all().stream()
                .map(r -> new Message(conversationId, r.getLong("message_id"), sender, r.getString("body"))).toList();
    }
}
