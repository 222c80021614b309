package workshop.lesson06;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import workshop.kit.dynamo.Tables;

/**
 * Reference solution: Discord's shape. pk "channelId:bucket" (ten days of messages), sk the
 * message id, so a bucket reads newest first and stops at the limit. A page starts in the
 * cursor's bucket (or the current one), follows LastEvaluatedKey while the bucket has more, and
 * steps back a bucket when it runs dry, never past the bucket the channel was created in.
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
        Tables.create(client, Tables.keyed(table, "pk", ScalarAttributeType.S, "message_id", ScalarAttributeType.N).build());
    }

    // tag::add-message[]
    public void add(ChannelMessage message) {
        client.putItem(b -> b.tableName(table).item(Map.of(
                "pk", fromS(partition(message.channelId(), ChannelBuckets.of(message.messageId()))),
                "message_id", fromN(Long.toString(message.messageId())),
                "author_id", fromS(message.authorId()), "body", fromS(message.body()))));
    }
    // end::add-message[]

    public MessagePage page(long channelId, int size, PageCursor after) {
        if (size < 1 || size > 100) {
            throw new IllegalArgumentException("size must be between 1 and 100, was " + size);
        }
        long oldest = ChannelBuckets.of(channelId);
        long bucket = after == null ? ChannelBuckets.at(clock.instant()) : after.bucket();
        Map<String, AttributeValue> startKey = after == null ? null : after.exclusiveStartKey();
        List<ChannelMessage> messages = new ArrayList<>();
        while (messages.size() < size && bucket >= oldest) {
            long current = bucket;
            Map<String, AttributeValue> from = startKey;
            int wanted = size - messages.size();
            QueryResponse response = client.query(b -> b.tableName(table)
                    .keyConditionExpression("pk = :pk")
                    .expressionAttributeValues(Map.of(":pk", fromS(partition(channelId, current))))
                    .scanIndexForward(false)
                    .exclusiveStartKey(from)
                    .limit(wanted));
            response.items().forEach(item -> messages.add(new ChannelMessage(channelId, Long.parseLong(item.get("message_id").n()),
                    item.get("author_id").s(), item.get("body").s())));
            if (response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()) {
                startKey = response.lastEvaluatedKey(); // this bucket has more: the next page continues here
            } else {
                bucket--; // this bucket is done: older messages are in the previous one
                startKey = null;
            }
        }
        return new MessagePage(messages, bucket < oldest ? null : new PageCursor(bucket, startKey));
    }

    private static String partition(long channelId, long bucket) {
        return channelId + ":" + bucket;
    }
}
