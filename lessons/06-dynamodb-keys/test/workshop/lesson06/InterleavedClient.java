package workshop.lesson06;

import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.testkit.Interposed;

/**
 * A client that lets another write in between the code's reads and its first transaction: the
 * race two senders run once in a while, made to happen every time. The other write runs once,
 * just before the code's first TransactWriteItems goes out.
 */
final class InterleavedClient {

    private InterleavedClient() {}

    static DynamoDbClient of(DynamoDbClient client, Runnable otherWrite) {
        AtomicBoolean done = new AtomicBoolean();
        return Interposed.around(DynamoDbClient.class, client, (method, args) -> {
            if (method.getName().equals("transactWriteItems") && done.compareAndSet(false, true)) {
                otherWrite.run();
            }
        }, Interposed::nothing);
    }
}
