package workshop.lesson06;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A client that lets another write in between the code's reads and its first transaction: the
 * race two senders run once in a while, made to happen every time. The other write runs once,
 * just before the code's first TransactWriteItems goes out.
 */
final class InterleavedClient {

    private InterleavedClient() {}

    static DynamoDbClient of(DynamoDbClient client, Runnable otherWrite) {
        AtomicBoolean done = new AtomicBoolean();
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getName().equals("transactWriteItems") && done.compareAndSet(false, true)) {
                otherWrite.run();
            }
            try {
                return method.invoke(client, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, handler);
    }
}
