package workshop.kit.dynamo;

import static workshop.kit.dynamo.OperationCosts.aws;
import static workshop.kit.dynamo.OperationCosts.one;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import workshop.kit.dynamo.CapacityUnits.Read;
import workshop.kit.dynamo.ItemImages.Ref;

/**
 * TransactGetItems and TransactWriteItems: every action at twice the units of the same read or
 * write. A condition check costs a write of the item it checks, but writes nothing.
 */
final class TransactionCosts implements OperationCosts {

    private final ItemImages images;

    TransactionCosts(ItemImages images) {
        this.images = images;
    }

    @Override
    public boolean covers(SdkRequest request) {
        return request instanceof TransactGetItemsRequest || request instanceof TransactWriteItemsRequest;
    }

    @Override
    public SdkRequest askingForCapacity(SdkRequest request) {
        return request instanceof TransactGetItemsRequest t
                ? t.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build()
                : ((TransactWriteItemsRequest) request).toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    @Override
    public List<Ref> itemsWritten(SdkRequest request) {
        return request instanceof TransactWriteItemsRequest t ? t.transactItems().stream().map(this::ref).toList() : List.of();
    }

    @Override
    public DynamoCost cost(SdkRequest request, SdkResponse response, Map<Ref, Long> before) {
        return request instanceof TransactGetItemsRequest t ? transactGet(t, (TransactGetItemsResponse) response)
                : transactWrite((TransactWriteItemsRequest) request, (TransactWriteItemsResponse) response, before);
    }

    @Override
    public Optional<DynamoCost> refused(SdkRequest request, Map<Ref, Long> before, boolean conditionFailed) {
        return request instanceof TransactGetItemsRequest ? OperationCosts.refusedRead(request)
                : OperationCosts.refusedWrite(request, before, conditionFailed, true);
    }

    private DynamoCost transactGet(TransactGetItemsRequest t, TransactGetItemsResponse r) {
        long found = r.responses().stream().filter(ItemResponse::hasItem).count();
        double units = r.responses().stream()
                .mapToDouble(item -> CapacityUnits.read(item.hasItem() ? ItemSize.of(item.item()) : 0, Read.TRANSACTIONAL)).sum();
        return new DynamoCost(one(t), found, found, units, 0, 0, 0, aws(r.consumedCapacity()));
    }

    /** Each action by the larger of its item before and after; an update's new size is read afterwards. */
    private DynamoCost transactWrite(TransactWriteItemsRequest t, TransactWriteItemsResponse r, Map<Ref, Long> before) {
        List<Ref> updated = t.transactItems().stream().filter(a -> a.update() != null).map(this::ref).toList();
        Map<Ref, Long> after = updated.isEmpty() ? Map.of() : images.sizes(updated);
        long written = 0;
        double units = 0;
        for (TransactWriteItem action : t.transactItems()) {
            long old = before.get(ref(action));
            long size = action.put() != null ? Math.max(old, ItemSize.of(action.put().item()))
                    : action.update() != null ? Math.max(old, after.get(ref(action)))
                    : old;
            written += action.conditionCheck() == null ? 1 : 0;
            units += CapacityUnits.write(size, true);
        }
        return OperationCosts.write(t, written, units, aws(r.consumedCapacity()));
    }

    private Ref ref(TransactWriteItem a) {
        return a.put() != null ? images.refOf(a.put().tableName(), a.put().item())
                : a.update() != null ? new Ref(a.update().tableName(), a.update().key())
                : a.delete() != null ? new Ref(a.delete().tableName(), a.delete().key())
                : new Ref(a.conditionCheck().tableName(), a.conditionCheck().key());
    }
}
