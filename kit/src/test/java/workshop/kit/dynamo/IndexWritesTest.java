package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/** AWS's rules for the writes a table write causes on a global secondary index. */
class IndexWritesTest {

    private static IndexWrites index(ProjectionType projection, String... included) {
        return new IndexWrites(GlobalSecondaryIndex.builder().indexName("gsi")
                .keySchema(Tables.key("g", KeyType.HASH))
                .projection(p -> p.projectionType(projection).nonKeyAttributes(included.length == 0 ? null : List.of(included)))
                .build(), List.of("pk"));
    }

    private static Map<String, AttributeValue> item(String g, int bodyBytes) {
        Map<String, AttributeValue> item = new HashMap<>(Map.of("pk", fromS("a"), "body", fromS("x".repeat(bodyBytes))));
        if (g != null) {
            item.put("g", fromS(g));
        }
        return item;
    }

    @Test
    void anItemWithoutTheIndexKeyCostsTheIndexNothing() {
        IndexWrites all = index(ProjectionType.ALL);
        assertEquals(0, all.units(item(null, 10)));
        assertEquals(0, all.units(item(null, 10), item(null, 20)));
    }

    @Test
    void enteringOrLeavingCostsOneWriteOfTheEntry() {
        IndexWrites all = index(ProjectionType.ALL);
        assertEquals(2, all.units(item("x", 1500)), "a 1,507-byte entry is two 1 KB units");
        assertEquals(2, all.units(item("x", 1500), item(null, 1500)), "leaving deletes the entry");
        assertEquals(1, index(ProjectionType.KEYS_ONLY).units(item("x", 1500)), "keys only: 5 bytes");
    }

    @Test
    void aMovedIndexKeyCostsADeleteAndAPut() {
        assertEquals(4, index(ProjectionType.ALL).units(item("x", 1500), item("y", 1500)));
    }

    @Test
    void onlyProjectedChangesCost() {
        assertEquals(0, index(ProjectionType.KEYS_ONLY).units(item("x", 10), item("x", 20)), "body is not in the index");
        assertEquals(1, index(ProjectionType.INCLUDE, "body").units(item("x", 10), item("x", 20)));
        assertEquals(0, index(ProjectionType.ALL).units(item("x", 10), item("x", 10)));
    }
}
