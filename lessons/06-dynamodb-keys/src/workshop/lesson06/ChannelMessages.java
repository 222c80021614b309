package workshop.lesson06;

import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Lesson 06, task 2 of 3 (tests: Task2ChannelMessagesTest): a channel's messages the Discord way.
 * "The newest 50 messages of a channel" is asked 40,000 times a second, "the page before this one"
 * 2,000 times. A channel's history grows for ever, so a partition holds one channel's messages of
 * ten days: ChannelBuckets says which bucket a message id (or a channel's creation) falls in, and
 * which bucket is current at an instant. Message ids are Snowflakes: a larger id is a newer message.
 *
 * Each page reads only what it returns, from as few buckets as it can; a quiet channel must not
 * send a reader walking back for ever, and a channel's oldest messages must still be reachable.
 */
public class ChannelMessages {

    private final DynamoDbClient client;
    private final String table;
    private final Clock clock;

    public ChannelMessages(DynamoDbClient client, String table, Clock clock) {
        this.client = client;
        this.table = table;
        this.clock = clock;
    }

    public void createTable() {
        // TODO: create the table, keyed so the newest page is read from as few items and buckets as it can
        throw new UnsupportedOperationException("TODO: create the messages table");
    }

    public void add(ChannelMessage message) {
        // TODO: store the message where a page of its channel and its time will find it
        throw new UnsupportedOperationException("TODO: store a message");
    }

    /**
     * Up to size messages, newest first, older than the cursor (the newest of all when after is
     * null). The page's next cursor is null when nothing older is left.
     *
     * @throws IllegalArgumentException when size is not between 1 and 100
     */
    public MessagePage page(long channelId, int size, PageCursor after) {
        // TODO: the page, read bucket by bucket, no more items than it returns
        throw new UnsupportedOperationException("TODO: read one page of a channel's messages");
    }
}
