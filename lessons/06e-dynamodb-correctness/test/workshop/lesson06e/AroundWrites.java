package workshop.lesson06e;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.testkit.Interposed;

/**
 * Clients that make a race or a crash certain, around the code's write requests: another writer
 * committing just before the code's first write, or the app stopping before one of its writes.
 * Threads racing would not do here: moto applies concurrent transactions without isolating them.
 */
final class AroundWrites {

    private static final List<String> WRITES = List.of("putItem", "updateItem", "deleteItem", "batchWriteItem",
            "transactWriteItems");

    private AroundWrites() {}

    /** Runs the other write once, just before the code's first write request goes out. */
    static DynamoDbClient otherWriteFirst(DynamoDbClient client, Runnable otherWrite) {
        return beforeWrite(client, 1, otherWrite);
    }

    /** Stops, as an app that dies would, just before the code's write request number n. */
    static DynamoDbClient stoppingBeforeWrite(DynamoDbClient client, int n) {
        return beforeWrite(client, n, () -> {
            throw new IllegalStateException("the app stopped before its write number " + n);
        });
    }

    private static DynamoDbClient beforeWrite(DynamoDbClient client, int n, Runnable step) {
        AtomicInteger writes = new AtomicInteger();
        return Interposed.around(DynamoDbClient.class, client, (method, args) -> {
            if (WRITES.contains(method.getName()) && writes.incrementAndGet() == n) {
                step.run();
            }
        }, Interposed::nothing);
    }
}
