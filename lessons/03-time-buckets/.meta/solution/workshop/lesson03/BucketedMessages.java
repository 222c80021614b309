package workshop.lesson03;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import workshop.kit.cassandra.Keyspaces;

/**
 * Reference solution: (conversation_id, bucket) is the partition key. Q1 asks the bucket of now
 * for n messages, then each older bucket for what is still missing, for at most maxBuckets buckets.
 */
public class BucketedMessages {

    private final CqlSession session;
    private final Clock clock;
    private final int maxBuckets;
    private PreparedStatement insert;
    private PreparedStatement newestInBucket;

    public BucketedMessages(CqlSession session, Clock clock, int maxBuckets) {
        this.session = session;
        this.clock = clock;
        this.maxBuckets = maxBuckets;
    }

    public void createTable() {
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS messages_by_bucket (
                  conversation_id text,
                  bucket int,
                  message_id bigint,
                  body text,
                  PRIMARY KEY ((conversation_id, bucket), message_id))
                WITH CLUSTERING ORDER BY (message_id DESC)"""));
        insert = session.prepare(
                "INSERT INTO messages_by_bucket (conversation_id, bucket, message_id, body) VALUES (?, ?, ?, ?)");
        newestInBucket = session.prepare(
                "SELECT message_id, body FROM messages_by_bucket WHERE conversation_id = ? AND bucket = ? LIMIT ?");
    }

    public void add(Message message) {
        session.execute(insert.bind(message.conversationId(), Buckets.bucketOf(message.messageId()),
                message.messageId(), message.body()));
    }

    public List<Message> latest(String conversationId, int n) {
        if (n < 1 || n > 1_000) {
            throw new IllegalArgumentException("n must be between 1 and 1,000, was " + n);
        }
        List<Message> found = new ArrayList<>();
        // tag::latest-walk[]
        int bucket = Buckets.bucketAt(clock.instant());
        for (int asked = 0; asked < maxBuckets && found.size() < n; asked++, bucket--) {
            for (Row row : session.execute(newestInBucket.bind(conversationId, bucket, n - found.size()))) {
                found.add(new Message(conversationId, row.getLong("message_id"), row.getString("body")));
            }
        }
        // end::latest-walk[]
        return found;
    }
}
