package workshop.kit.dynamo;

import static workshop.kit.dynamo.OperationCosts.aws;
import static workshop.kit.dynamo.OperationCosts.one;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import workshop.kit.dynamo.CapacityUnits.Read;
import workshop.kit.dynamo.ItemImages.Ref;

/** GetItem and BatchGetItem: each key billed on its own, by the whole item's size, a missing one at the smallest unit. */
final class GetCosts implements OperationCosts {

    private final ItemImages images;

    GetCosts(ItemImages images) {
        this.images = images;
    }

    @Override
    public boolean covers(SdkRequest request) {
        return request instanceof GetItemRequest || request instanceof BatchGetItemRequest;
    }

    @Override
    public SdkRequest askingForCapacity(SdkRequest request) {
        return request instanceof GetItemRequest g
                ? g.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build()
                : ((BatchGetItemRequest) request).toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    @Override
    public DynamoCost cost(SdkRequest request, SdkResponse response, Map<Ref, Long> before) {
        return request instanceof GetItemRequest g ? get(g, (GetItemResponse) response)
                : batchGet((BatchGetItemRequest) request, (BatchGetItemResponse) response);
    }

    @Override
    public Optional<DynamoCost> refused(SdkRequest request, Map<Ref, Long> before, boolean conditionFailed) {
        return OperationCosts.refusedRead(request);
    }

    /** A projection returns part of the item; the whole item is billed, so it is sized from the table. */
    private DynamoCost get(GetItemRequest g, GetItemResponse r) {
        boolean found = r.hasItem() && !r.item().isEmpty();
        boolean projected = g.projectionExpression() != null || g.hasAttributesToGet();
        Ref ref = new Ref(g.tableName(), g.key());
        long size = !found ? 0 : projected ? images.sizes(List.of(ref)).get(ref) : ItemSize.of(r.item());
        return new DynamoCost(one(g), found ? 1 : 0, found ? 1 : 0, CapacityUnits.read(size, Read.of(g.consistentRead())),
                0, 0, 0, aws(r.consumedCapacity()));
    }

    /** Projections are not undone here. */
    private DynamoCost batchGet(BatchGetItemRequest b, BatchGetItemResponse r) {
        long read = 0;
        double units = 0;
        for (var entry : b.requestItems().entrySet()) {
            Read kind = Read.of(entry.getValue().consistentRead());
            List<Map<String, AttributeValue>> found = r.responses().getOrDefault(entry.getKey(), List.of());
            int unprocessed = r.unprocessedKeys().containsKey(entry.getKey()) ? r.unprocessedKeys().get(entry.getKey()).keys().size() : 0;
            int missing = entry.getValue().keys().size() - unprocessed - found.size();
            read += found.size();
            units += found.stream().mapToDouble(item -> CapacityUnits.read(ItemSize.of(item), kind)).sum()
                    + missing * CapacityUnits.read(0, kind);
        }
        return new DynamoCost(one(b), read, read, units, 0, 0, 0, aws(r.consumedCapacity()));
    }
}
