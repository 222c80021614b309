package workshop.kit.dynamo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import workshop.kit.terminal.Progress;

/** Loads many items quickly: BatchWriteItem in groups of 25, sending again what the store left unprocessed (bounded). */
public final class BatchLoader {

    private static final int BATCH = 25;

    private BatchLoader() {}

    /** Puts item(i) for i in [0, count) into the table, showing progress under the given label. */
    public static void put(DynamoDbClient client, String table, String label, long count,
                           LongFunction<Map<String, AttributeValue>> item) {
        try (Progress progress = Progress.of(label, count)) {
            for (long from = 0; from < count; from += BATCH) {
                List<WriteRequest> batch = new ArrayList<>();
                for (long i = from; i < Math.min(count, from + BATCH); i++) {
                    batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item.apply(i)).build()).build());
                }
                Unprocessed.sendUntilDone("a batch of " + label, Map.of(table, batch),
                        pending -> client.batchWriteItem(b -> b.requestItems(pending)).unprocessedItems());
                progress.stepBy(batch.size());
            }
        }
    }
}
