package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static workshop.kit.dynamo.FakeTables.TABLE;
import static workshop.kit.dynamo.FakeTables.item;
import static workshop.kit.dynamo.FakeTables.key;
import static workshop.kit.dynamo.FakeTables.ref;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/** Transactions cost twice the units of the same reads and writes; a condition check costs a write. */
class TransactionCostsTest {

    private final FakeTables tables = new FakeTables();
    private final TransactionCosts costs = new TransactionCosts(tables.images());

    @Test
    void everyActionCostsTwiceAndAConditionCheckWritesNothing() {
        tables.put(item("u", 1500)); // its size after the update
        TransactWriteItemsRequest transaction = TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(item("p", 10))).build(),
                TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(key("u")).updateExpression("SET body = :b")).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(TABLE).key(key("c")).conditionExpression("attribute_exists(pk)")).build())
                .build();
        assertEquals(List.of(ref("p"), ref("u"), ref("c")), costs.itemsWritten(transaction));
        DynamoCost cost = costs.cost(transaction, TransactWriteItemsResponse.builder().build(),
                Map.of(ref("p"), 0L, ref("u"), 100L, ref("c"), 3000L));
        assertEquals(Map.of("TransactWriteItems", 1), cost.requestsByOperation());
        assertEquals(2, cost.itemsWritten(), "the put and the update");
        assertEquals(2 * 1 + 2 * 2 + 2 * 3, cost.writeUnits());
    }

    @Test
    void aTransactionalReadCostsTwiceAndAMissingItemTheSmallestUnit() {
        TransactGetItemsRequest get = TransactGetItemsRequest.builder().transactItems(
                TransactGetItem.builder().get(g -> g.tableName(TABLE).key(key("big"))).build(),
                TransactGetItem.builder().get(g -> g.tableName(TABLE).key(key("none"))).build()).build();
        TransactGetItemsResponse response = TransactGetItemsResponse.builder().responses(
                ItemResponse.builder().item(item("big", 5000)).build(), ItemResponse.builder().build()).build();
        DynamoCost cost = costs.cost(get, response, null);
        assertEquals(1, cost.itemsRead());
        assertEquals(2 * 2 + 2, cost.readUnits());
        assertEquals(List.of(), costs.itemsWritten(get));
    }

    @Test
    void aCancelledTransactionCostsTwiceTheOldItems() {
        TransactWriteItemsRequest transaction = TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().delete(d -> d.tableName(TABLE).key(key("a"))).build()).build();
        DynamoCost cost = costs.refused(transaction, Map.of(ref("a"), 1500L), true).orElseThrow();
        assertEquals(1, cost.rejected());
        assertEquals(2 * 2, cost.writeUnits());
        TransactGetItemsRequest get = TransactGetItemsRequest.builder().transactItems(
                TransactGetItem.builder().get(g -> g.tableName(TABLE).key(key("a"))).build()).build();
        assertEquals(0, costs.refused(get, null, true).orElseThrow().readUnits(), "a refused read costs nothing");
    }
}
