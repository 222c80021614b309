package workshop.kit.dynamo;

import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A DynamoDB client whose calls inside {@link #measure} are costed (items read and written, read
 * and write units), so code we did not write, such as a learner's exercise, can be measured from
 * outside. Its calls outside a measurement go to the store as they are, with no read of the items
 * they replace. The plain client beside it is not metered: use it for set-up that should not count.
 */
public final class MeteredClient implements AutoCloseable {

    private final DynamoDbClient metered;
    private final DynamoDbClient plain;
    private final CostRecorder recorder;

    MeteredClient(DynamoDbClient metered, DynamoDbClient plain, CostRecorder recorder) {
        this.metered = metered;
        this.plain = plain;
        this.recorder = recorder;
    }

    /**
     * Whether the calls go to real AWS, where a global secondary index is updated a moment after its
     * table; an emulator updates it with the write.
     */
    public boolean realAws() {
        return recorder.realAws();
    }

    public DynamoDbClient client() {
        return metered;
    }

    public DynamoDbClient plain() {
        return plain;
    }

    /** Runs the work and returns its value with the cost of every call it made through client(). */
    public <T> Metered<T> measure(Supplier<T> work) {
        int before = recorder.startMeasurement();
        try {
            T value = work.get();
            return new Metered<>(value, DynamoCost.sum(recorder.since(before)));
        } finally {
            recorder.endMeasurement();
        }
    }

    public DynamoCost measure(Runnable work) {
        return measure(() -> {
            work.run();
            return null;
        }).cost();
    }

    @Override
    public void close() {
        metered.close();
        plain.close();
    }
}
