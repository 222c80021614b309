package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** A request's tables and indexes, as a drawing shows what served a question. */
class TargetTest {

    @Test
    void aQueryNamesItsIndexAWriteItsTableATransactionEachTable() {
        assertEquals(Set.of(new Target("shop", "by_customer")),
                Target.of(QueryRequest.builder().tableName("shop").indexName("by_customer").build()));
        assertEquals(Set.of(new Target("shop", "")), Target.of(UpdateItemRequest.builder().tableName("shop").build()));
        assertEquals(List.of(new Target("shop", ""), new Target("audit", "")), List.copyOf(Target.of(TransactWriteItemsRequest.builder()
                .transactItems(t -> t.update(u -> u.tableName("shop")), t -> t.put(p -> p.tableName("audit")),
                        t -> t.conditionCheck(c -> c.tableName("shop"))).build())));
    }

    @Test
    void costsAddedUpKeepEveryTargetOnceInTheOrderFirstNamed() {
        DynamoCost query = new DynamoCost(Map.of("Query", 1), 1, 1, 0.5, 0, 0, 0, null, Set.of(new Target("shop", "awaiting")));
        DynamoCost update = new DynamoCost(Map.of("UpdateItem", 1), 0, 0, 0, 1, 1, 0, null, Set.of(new Target("shop", "")));
        assertEquals(List.of(new Target("shop", "awaiting"), new Target("shop", "")),
                List.copyOf(DynamoCost.sum(List.of(query, update, query)).targets()));
    }
}
