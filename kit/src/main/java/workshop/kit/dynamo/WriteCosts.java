package workshop.kit.dynamo;

import static workshop.kit.dynamo.OperationCosts.aws;
import static workshop.kit.dynamo.OperationCosts.write;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import workshop.kit.dynamo.ItemImages.Ref;

/**
 * PutItem, UpdateItem, DeleteItem and BatchWriteItem, each item billed by the larger of the item
 * before and after the write: the old one is sized before the call, an updated one after it.
 */
final class WriteCosts implements OperationCosts {

    private final ItemImages images;

    WriteCosts(ItemImages images) {
        this.images = images;
    }

    @Override
    public boolean covers(SdkRequest request) {
        return request instanceof PutItemRequest || request instanceof DeleteItemRequest || request instanceof UpdateItemRequest
                || request instanceof BatchWriteItemRequest;
    }

    @Override
    public SdkRequest askingForCapacity(SdkRequest request) {
        ReturnConsumedCapacity total = ReturnConsumedCapacity.TOTAL;
        if (request instanceof PutItemRequest p) {
            return p.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof DeleteItemRequest d) {
            return d.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof UpdateItemRequest u) {
            return u.toBuilder().returnConsumedCapacity(total).build();
        }
        return ((BatchWriteItemRequest) request).toBuilder().returnConsumedCapacity(total).build();
    }

    @Override
    public List<Ref> itemsWritten(SdkRequest request) {
        if (request instanceof PutItemRequest p) {
            return List.of(images.refOf(p.tableName(), p.item()));
        } else if (request instanceof DeleteItemRequest d) {
            return List.of(new Ref(d.tableName(), d.key()));
        } else if (request instanceof UpdateItemRequest u) {
            return List.of(new Ref(u.tableName(), u.key()));
        }
        List<Ref> refs = new ArrayList<>();
        ((BatchWriteItemRequest) request).requestItems().forEach((table, writes) -> writes.forEach(w -> refs.add(ref(table, w))));
        return refs;
    }

    @Override
    public DynamoCost cost(SdkRequest request, SdkResponse response, Map<Ref, Long> before) {
        if (request instanceof PutItemRequest p) {
            Ref ref = images.refOf(p.tableName(), p.item());
            return write(p, 1, CapacityUnits.write(Math.max(before.get(ref), ItemSize.of(p.item())), false),
                    aws(((PutItemResponse) response).consumedCapacity()));
        } else if (request instanceof DeleteItemRequest d) {
            return write(d, 1, CapacityUnits.write(before.get(new Ref(d.tableName(), d.key())), false),
                    aws(((DeleteItemResponse) response).consumedCapacity()));
        } else if (request instanceof UpdateItemRequest u) {
            Ref ref = new Ref(u.tableName(), u.key());
            return write(u, 1, CapacityUnits.write(Math.max(before.get(ref), images.sizes(List.of(ref)).get(ref)), false),
                    aws(((UpdateItemResponse) response).consumedCapacity()));
        }
        return batchWrite((BatchWriteItemRequest) request, (BatchWriteItemResponse) response, before);
    }

    @Override
    public Optional<DynamoCost> refused(SdkRequest request, Map<Ref, Long> before, boolean conditionFailed) {
        return OperationCosts.refusedWrite(request, before, conditionFailed, false);
    }

    /** Items the store left unprocessed were not written, and are not billed. */
    private DynamoCost batchWrite(BatchWriteItemRequest b, BatchWriteItemResponse r, Map<Ref, Long> before) {
        long written = 0;
        double units = 0;
        for (var entry : b.requestItems().entrySet()) {
            List<WriteRequest> unprocessed = r.unprocessedItems().getOrDefault(entry.getKey(), List.of());
            for (WriteRequest write : entry.getValue()) {
                if (unprocessed.contains(write)) {
                    continue;
                }
                written++;
                long old = before.get(ref(entry.getKey(), write));
                units += CapacityUnits.write(write.putRequest() != null ? Math.max(old, ItemSize.of(write.putRequest().item())) : old, false);
            }
        }
        return write(b, written, units, aws(r.consumedCapacity()));
    }

    private Ref ref(String table, WriteRequest write) {
        return write.putRequest() != null ? images.refOf(table, write.putRequest().item()) : new Ref(table, write.deleteRequest().key());
    }
}
