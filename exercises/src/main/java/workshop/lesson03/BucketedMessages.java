package workshop.lesson03;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import java.util.List;

/**
 * Exercise 03, part 2: messages partitioned by (conversation, bucket), newest first inside each
 * bucket, so no partition outgrows ten days of one chat.
 *
 * Q1, latest(conversation, n), starts in the bucket of now (read "now" from the clock you are
 * given) and walks back to older buckets while it has fewer than n messages. Each older bucket is
 * asked only for the messages still missing, and the walk asks at most maxBuckets buckets in all,
 * so a chat that has been silent for a long time costs a bounded number of reads.
 *
 * The tests give you a session bound to a keyspace of your own: write table names without a
 * keyspace. Use prepared statements with bound values.
 */
public class BucketedMessages {

    private final CqlSession session;
    private final Clock clock;
    private final int maxBuckets;

    public BucketedMessages(CqlSession session, Clock clock, int maxBuckets) {
        this.session = session;
        this.clock = clock;
        this.maxBuckets = maxBuckets;
    }

    /** Creates the table. What goes into the partition key besides the conversation? */
    public void createTable() {
        // TODO: CREATE TABLE ... PRIMARY KEY ((conversation_id, bucket), message_id), newest first
        throw new UnsupportedOperationException("TODO: create a bucketed messages table");
    }

    public void add(Message message) {
        // TODO: insert the message into the bucket its id belongs to (Buckets.bucketOf)
        throw new UnsupportedOperationException("TODO: insert a message into its bucket");
    }

    /**
     * The n newest messages of the conversation, newest first, found within the last maxBuckets
     * buckets; fewer (or none) when those buckets hold fewer.
     *
     * @throws IllegalArgumentException when n is not between 1 and 1,000
     */
    public List<Message> latest(String conversationId, int n) {
        // TODO: one single-partition query per bucket, from the bucket of clock.instant() backwards
        throw new UnsupportedOperationException("TODO: walk back through the buckets");
    }
}
