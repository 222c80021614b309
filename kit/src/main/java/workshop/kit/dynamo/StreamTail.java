package workshop.kit.dynamo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Follows a table's stream the way a consumer does: one shard iterator per shard, one GetRecords
 * per shard per poll, each iterator replaced by the one the answer carries, a closed shard
 * dropped. Shards that open after it started are not followed: enough for a lesson's minute, not
 * for production (AWS rolls shards over about every four hours; use Lambda or the Kinesis adapter).
 */
public final class StreamTail {

    private final DynamoDbStreamsClient streams;
    private final Map<String, String> iterators = new LinkedHashMap<>();
    private int calls;

    private StreamTail(DynamoDbStreamsClient streams, String streamArn, ShardIteratorType from) {
        this.streams = streams;
        String startAfter = null;
        do {
            String exclusiveStart = startAfter;
            StreamDescription description = streams.describeStream(d -> d.streamArn(streamArn).exclusiveStartShardId(exclusiveStart))
                    .streamDescription();
            for (Shard shard : description.shards()) {
                iterators.put(shard.shardId(), streams.getShardIterator(i -> i.streamArn(streamArn).shardId(shard.shardId())
                        .shardIteratorType(from)).shardIterator());
            }
            startAfter = description.lastEvaluatedShardId();
        } while (startAfter != null);
    }

    /** Records written from now on. */
    public static StreamTail fromNow(DynamoDbStreamsClient streams, String streamArn) {
        return new StreamTail(streams, streamArn, ShardIteratorType.LATEST);
    }

    /** Every record the stream still holds (24 hours of them on AWS). */
    public static StreamTail fromOldest(DynamoDbStreamsClient streams, String streamArn) {
        return new StreamTail(streams, streamArn, ShardIteratorType.TRIM_HORIZON);
    }

    /** The records that arrived since the last poll, shard after shard (ordered within each shard). */
    public List<Record> poll() {
        List<Record> records = new ArrayList<>();
        for (String shard : List.copyOf(iterators.keySet())) {
            GetRecordsResponse answer = streams.getRecords(g -> g.shardIterator(iterators.get(shard)));
            calls++;
            records.addAll(answer.records());
            if (answer.nextShardIterator() == null) {
                iterators.remove(shard);
            } else {
                iterators.put(shard, answer.nextShardIterator());
            }
        }
        return records;
    }

    /** GetRecords requests made so far: a consumer pays them in requests, not in read units. */
    public int getRecordsCalls() {
        return calls;
    }

    public int shards() {
        return iterators.size();
    }
}
