package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workshop.kit.dynamo.FakeTables.TABLE;
import static workshop.kit.dynamo.FakeTables.item;
import static workshop.kit.dynamo.FakeTables.key;
import static workshop.kit.dynamo.FakeTables.ref;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** A write is billed per item by the larger of the item before and after it, in 1 KB units. */
class WriteCostsTest {

    private final FakeTables tables = new FakeTables();
    private final WriteCosts costs = new WriteCosts(tables.images());

    @Test
    void aPutOverALargerItemIsBilledByTheOldOne() {
        PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(item("a", 10)).build();
        assertEquals(List.of(ref("a")), costs.itemsWritten(put));
        DynamoCost cost = costs.cost(put, PutItemResponse.builder().build(), Map.of(ref("a"), 3000L));
        assertEquals(Map.of("PutItem", 1), cost.requestsByOperation());
        assertEquals(1, cost.itemsWritten());
        assertEquals(3, cost.writeUnits());
    }

    @Test
    void aNewItemIsBilledByItsOwnSize() {
        PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(item("a", 2000)).build();
        assertEquals(2, costs.cost(put, PutItemResponse.builder().build(), Map.of(ref("a"), 0L)).writeUnits());
    }

    @Test
    void aDeleteIsBilledByTheItemItRemoved() {
        DeleteItemRequest delete = DeleteItemRequest.builder().tableName(TABLE).key(key("a")).build();
        assertEquals(2, costs.cost(delete, DeleteItemResponse.builder().build(), Map.of(ref("a"), 1500L)).writeUnits());
        assertEquals(1, costs.cost(delete, DeleteItemResponse.builder().build(), Map.of(ref("a"), 0L)).writeUnits(),
                "deleting nothing still costs a unit");
    }

    @Test
    void anUpdateIsBilledByTheLargerOfBeforeAndAfter() {
        tables.put(item("a", 2500));
        UpdateItemRequest update = UpdateItemRequest.builder().tableName(TABLE).key(key("a")).updateExpression("SET body = :b").build();
        DynamoCost cost = costs.cost(update, UpdateItemResponse.builder().build(), Map.of(ref("a"), 100L));
        assertEquals(3, cost.writeUnits(), "2,507 bytes after the update");
    }

    @Test
    void aBatchSkipsWhatTheStoreLeftUnprocessed() {
        WriteRequest first = put(item("a", 10));
        WriteRequest later = put(item("b", 10));
        WriteRequest delete = WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key("c")).build()).build();
        BatchWriteItemRequest batch = BatchWriteItemRequest.builder().requestItems(Map.of(TABLE, List.of(first, later, delete))).build();
        assertEquals(List.of(ref("a"), ref("b"), ref("c")), costs.itemsWritten(batch));
        DynamoCost cost = costs.cost(batch, BatchWriteItemResponse.builder().unprocessedItems(Map.of(TABLE, List.of(later))).build(),
                Map.of(ref("a"), 0L, ref("b"), 0L, ref("c"), 1100L));
        assertEquals(Map.of("BatchWriteItem", 1), cost.requestsByOperation());
        assertEquals(2, cost.itemsWritten());
        assertEquals(1 + 2, cost.writeUnits());
    }

    @Test
    void aFailedConditionStillCostsTheOldItem() {
        PutItemRequest put = PutItemRequest.builder().tableName(TABLE).item(item("a", 10)).conditionExpression("attribute_not_exists(pk)").build();
        DynamoCost cost = costs.refused(put, Map.of(ref("a"), 2500L), true).orElseThrow();
        assertEquals(1, cost.rejected());
        assertEquals(0, cost.itemsWritten());
        assertEquals(3, cost.writeUnits());
        assertEquals(0, costs.refused(put, Map.of(ref("a"), 2500L), false).orElseThrow().writeUnits(),
                "any other refusal costs nothing");
        assertTrue(costs.refused(put, null, true).isEmpty(), "a call that never got as far as sizing is not counted");
    }

    private static WriteRequest put(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
    }
}
