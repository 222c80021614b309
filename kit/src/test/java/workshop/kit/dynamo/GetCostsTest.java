package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static workshop.kit.dynamo.FakeTables.TABLE;
import static workshop.kit.dynamo.FakeTables.item;
import static workshop.kit.dynamo.FakeTables.key;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/** Every key of a get is billed on its own, by the whole item, a missing one at the smallest unit. */
class GetCostsTest {

    /** 5,007 bytes: two 4 KB units. */
    private final FakeTables tables = new FakeTables().put(item("big", 5000));
    private final GetCosts costs = new GetCosts(tables.images());

    @Test
    void aFoundItemIsBilledByItsSize() {
        DynamoCost cost = costs.cost(GetItemRequest.builder().tableName(TABLE).key(key("big")).consistentRead(true).build(),
                GetItemResponse.builder().item(item("big", 5000)).build(), null);
        assertEquals(Map.of("GetItem", 1), cost.requestsByOperation());
        assertEquals(1, cost.itemsRead());
        assertEquals(2, cost.readUnits());
    }

    @Test
    void aMissingItemCostsTheSmallestUnit() {
        DynamoCost cost = costs.cost(GetItemRequest.builder().tableName(TABLE).key(key("none")).build(),
                GetItemResponse.builder().build(), null);
        assertEquals(0, cost.itemsRead());
        assertEquals(0.5, cost.readUnits());
    }

    @Test
    void aProjectionIsBilledByTheWholeItem() {
        DynamoCost cost = costs.cost(GetItemRequest.builder().tableName(TABLE).key(key("big")).projectionExpression("pk").build(),
                GetItemResponse.builder().item(key("big")).build(), null);
        assertEquals(1, cost.readUnits(), "5,007 bytes read eventually consistently, though 7 came back");
    }

    @Test
    void aBatchBillsFoundAndMissingKeysButNotUnprocessedOnes() {
        KeysAndAttributes keys = KeysAndAttributes.builder().consistentRead(true)
                .keys(key("big"), key("none"), key("later")).build();
        BatchGetItemResponse response = BatchGetItemResponse.builder()
                .responses(Map.of(TABLE, List.of(item("big", 5000))))
                .unprocessedKeys(Map.of(TABLE, KeysAndAttributes.builder().keys(key("later")).build())).build();
        DynamoCost cost = costs.cost(BatchGetItemRequest.builder().requestItems(Map.of(TABLE, keys)).build(), response, null);
        assertEquals(Map.of("BatchGetItem", 1), cost.requestsByOperation());
        assertEquals(1, cost.itemsRead());
        assertEquals(2 + 1, cost.readUnits(), "the found item's two units, the missing key's one");
    }

    @Test
    void aRefusedGetIsCountedAtNoUnits() {
        DynamoCost cost = costs.refused(GetItemRequest.builder().tableName(TABLE).key(key("big")).build(), null, false)
                .orElseThrow();
        assertEquals(1, cost.rejected());
        assertEquals(0, cost.readUnits());
    }
}
