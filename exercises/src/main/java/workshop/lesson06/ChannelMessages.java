package workshop.lesson06;

import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Exercise 06b: a channel's messages the Discord way. The partition key is "channelId:bucket",
 * where the bucket holds ten days of messages (ChannelBuckets.of(messageId)), and
 * the sort key is the message id, so a bucket reads newest first.
 *
 * A page of the newest messages starts in the current bucket (ChannelBuckets.at(clock.instant())).
 * When a bucket has fewer messages than the page still needs, step back to the previous bucket,
 * but never past the bucket the channel was created in (ChannelBuckets.of(channelId)): a quiet
 * channel must not send you walking back forever. When a bucket has more than the page needs,
 * DynamoDB's LastEvaluatedKey says where the next page continues.
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
        // TODO: partition key "channelId:bucket" (a string), sort key the message id (a number)
        throw new UnsupportedOperationException("TODO: create the messages table");
    }

    public void add(ChannelMessage message) {
        // TODO: put the message in its bucket's partition
        throw new UnsupportedOperationException("TODO: store a message");
    }

    /**
     * Up to size messages, newest first, older than the cursor (the newest of all when after is
     * null). The page's next cursor is null when nothing older is left.
     *
     * @throws IllegalArgumentException when size is not between 1 and 100
     */
    public MessagePage page(long channelId, int size, PageCursor after) {
        // TODO: query bucket by bucket (Limit = what the page still needs), follow LastEvaluatedKey, step back when a bucket runs dry
        throw new UnsupportedOperationException("TODO: read one page of a channel's messages");
    }
}
