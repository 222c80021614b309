package workshop.kit.dynamo;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import workshop.kit.dynamo.ItemImages.Ref;

/**
 * Costs one family of DynamoDB operations by AWS's formula. CostRecorder hands each call to the
 * family that covers its request type, so a family only ever sees its own requests and responses.
 */
interface OperationCosts {

    boolean covers(SdkRequest request);

    /** The same request, asking AWS for its own ConsumedCapacity total too. */
    SdkRequest askingForCapacity(SdkRequest request);

    /** Items the call may replace or remove: their sizes are read before it runs. None for a read. */
    default List<Ref> itemsWritten(SdkRequest request) {
        return List.of();
    }

    /** What a call that succeeded cost; before holds the sizes of itemsWritten as they were. */
    DynamoCost cost(SdkRequest request, SdkResponse response, Map<Ref, Long> before);

    /** What a refused call cost, if it is counted at all; before is null when nothing was sized. */
    Optional<DynamoCost> refused(SdkRequest request, Map<Ref, Long> before, boolean conditionFailed);

    /** A read the store refused: counted, at no units. */
    static Optional<DynamoCost> refusedRead(SdkRequest request) {
        return Optional.of(new DynamoCost(one(request), 0, 0, 0, 0, 0, 1, null));
    }

    /**
     * A write the store refused. One refused by its condition (or a cancelled transaction) still
     * costs the old items' sizes, as on AWS; any other refusal costs nothing.
     */
    static Optional<DynamoCost> refusedWrite(SdkRequest request, Map<Ref, Long> before, boolean conditionFailed,
                                             boolean transactional) {
        if (before == null) {
            return Optional.empty();
        }
        double units = !conditionFailed ? 0
                : before.values().stream().mapToDouble(size -> CapacityUnits.write(size, transactional)).sum();
        return Optional.of(new DynamoCost(one(request), 0, 0, 0, 0, units, 1, null));
    }

    static DynamoCost write(SdkRequest request, long items, double units, Double aws) {
        return new DynamoCost(one(request), 0, 0, 0, items, units, 0, aws);
    }

    /** One request of this operation: QueryRequest counts as "Query". */
    static Map<String, Integer> one(SdkRequest request) {
        return Map.of(request.getClass().getSimpleName().replaceAll("Request$", ""), 1);
    }

    static long totalSize(List<Map<String, AttributeValue>> items) {
        return items.stream().mapToLong(ItemSize::of).sum();
    }

    static Double aws(ConsumedCapacity capacity) {
        return capacity != null ? capacity.capacityUnits() : null;
    }

    static Double aws(List<ConsumedCapacity> capacities) {
        return capacities != null && !capacities.isEmpty()
                ? capacities.stream().mapToDouble(ConsumedCapacity::capacityUnits).sum() : null;
    }
}
