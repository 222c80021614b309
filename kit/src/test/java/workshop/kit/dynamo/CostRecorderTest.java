package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static workshop.kit.dynamo.FakeTables.TABLE;
import static workshop.kit.dynamo.FakeTables.item;

import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * Only the calls a measurement covers are costed: sizing the item a write replaces takes a read,
 * which a call outside every measurement (a test loading its rows) would pay for nothing.
 */
class CostRecorderTest {

    private final FakeTables tables = new FakeTables().put(item("a", 3000));
    private final CostRecorder recorder = new CostRecorder(tables.images(), false);
    private final PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(item("a", 10)).build();

    @Test
    void aWriteOutsideAMeasurementReadsNothingAndIsNotKept() {
        send(put);
        assertEquals(List.of(), tables.batchGets, "no read of the item the write replaces");
        assertEquals(0, recorder.recorded());
    }

    @Test
    void aWriteInsideAMeasurementIsBilledByTheItemItReplaces() {
        int from = recorder.startMeasurement();
        send(put);
        recorder.endMeasurement();
        assertEquals(1, tables.batchGets.size());
        List<DynamoCost> costs = recorder.since(from);
        assertEquals(1, costs.size());
        assertEquals(3, costs.get(0).writeUnits(), "the old item's 3,007 bytes");
        send(put);
        assertEquals(1, recorder.recorded(), "the measurement has ended");
    }

    @Test
    void overlappingMeasurementsCostEveryCallUntilTheLastEnds() {
        recorder.startMeasurement();
        recorder.startMeasurement();
        recorder.endMeasurement();
        send(put);
        recorder.endMeasurement();
        assertEquals(1, recorder.recorded());
    }

    /** What the SDK does around a call that succeeds: the interceptor's two steps on one set of attributes. */
    private void send(SdkRequest request) {
        ExecutionAttributes attributes = new ExecutionAttributes();
        recorder.beforeExecution(context(Context.BeforeExecution.class, request, null), attributes);
        recorder.afterExecution(context(Context.AfterExecution.class, request, PutItemResponse.builder().build()), attributes);
    }

    private static <T> T context(Class<T> type, SdkRequest request, SdkResponse response) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) ->
                switch (method.getName()) {
                    case "request" -> request;
                    case "response" -> response;
                    default -> throw new UnsupportedOperationException(method.getName());
                }));
    }
}
