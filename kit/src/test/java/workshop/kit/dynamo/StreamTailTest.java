package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** The tail reads every shard once per poll, follows the iterators it is given, and drops closed shards. */
class StreamTailTest {

    /** Two shards, listed a page at a time; shard "b" closes after its first answer. */
    static final class FakeStreams implements DynamoDbStreamsClient {
        final List<String> asked = new ArrayList<>();
        final Map<String, List<String>> pending = Map.of("a", new ArrayList<>(List.of("a1", "a2")), "b", new ArrayList<>(List.of("b1")));

        @Override
        public DescribeStreamResponse describeStream(DescribeStreamRequest request) {
            String shard = request.exclusiveStartShardId() == null ? "a" : "b";
            return DescribeStreamResponse.builder().streamDescription(d -> d.shards(Shard.builder().shardId(shard).build())
                    .lastEvaluatedShardId(shard.equals("a") ? "a" : null)).build();
        }

        @Override
        public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
            assertEquals(ShardIteratorType.LATEST, request.shardIteratorType());
            return GetShardIteratorResponse.builder().shardIterator(request.shardId() + "@0").build();
        }

        @Override
        public GetRecordsResponse getRecords(GetRecordsRequest request) {
            asked.add(request.shardIterator());
            String shard = request.shardIterator().substring(0, 1);
            int turn = Integer.parseInt(request.shardIterator().substring(2));
            List<String> left = pending.get(shard);
            List<Record> records = left.isEmpty() ? List.of() : List.of(Record.builder().eventID(left.remove(0)).build());
            String next = shard.equals("b") ? null : shard + "@" + (turn + 1);
            return GetRecordsResponse.builder().records(records).nextShardIterator(next).build();
        }

        @Override
        public String serviceName() {
            return "fake";
        }

        @Override
        public void close() {}
    }

    @Test
    void everyShardIsPolledWithTheIteratorItsLastAnswerGave() {
        FakeStreams streams = new FakeStreams();
        StreamTail tail = StreamTail.fromNow(streams, "arn");
        assertEquals(2, tail.shards(), "both pages of shards are followed");
        assertEquals(List.of("a1", "b1"), tail.poll().stream().map(Record::eventID).toList());
        assertEquals(1, tail.shards(), "b closed");
        assertEquals(List.of("a2"), tail.poll().stream().map(Record::eventID).toList());
        assertEquals(List.of(), tail.poll());
        assertEquals(List.of("a@0", "b@0", "a@1", "a@2"), streams.asked);
        assertEquals(4, tail.getRecordsCalls());
    }
}
