package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static workshop.kit.dynamo.FakeTables.TABLE;
import static workshop.kit.dynamo.FakeTables.item;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Query and Scan pages are billed by what the store evaluated, whatever a filter or projection hid. */
class QueryScanCostsTest {

    /** Three items of 4,007 bytes: 12,021 bytes, three 4 KB read units strongly consistent. */
    private final FakeTables tables = new FakeTables().put(item("a", 4000)).put(item("b", 4000)).put(item("c", 4000));
    private final QueryScanCosts costs = new QueryScanCosts(tables);
    private final List<Map<String, AttributeValue>> all = List.of(item("a", 4000), item("b", 4000), item("c", 4000));

    @Test
    void aPlainQueryIsBilledByTheItemsItReturnedWithoutReadingThemAgain() {
        QueryRequest query = QueryRequest.builder().tableName(TABLE).keyConditionExpression("pk = :p").build();
        DynamoCost cost = costs.cost(query, QueryResponse.builder().items(all).count(3).scannedCount(3).build(), null);
        assertEquals(Map.of("Query", 1), cost.requestsByOperation());
        assertEquals(3, cost.itemsRead());
        assertEquals(3, cost.itemsReturned());
        assertEquals(1.5, cost.readUnits(), "eventually consistent: half a unit per 4 KB");
        assertTrue(tables.queries.isEmpty());
    }

    @Test
    void aFilteredQueryIsBilledByEveryItemItEvaluated() {
        QueryRequest query = QueryRequest.builder().tableName(TABLE).consistentRead(true)
                .keyConditionExpression("#p = :p").filterExpression("#s = :s")
                .expressionAttributeNames(Map.of("#p", "pk", "#s", "status"))
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("a"), ":s", AttributeValue.fromS("open")))
                .build();
        QueryResponse filtered = QueryResponse.builder().items(all.subList(0, 1)).count(1).scannedCount(3).build();
        DynamoCost cost = costs.cost(query, filtered, null);
        assertEquals(3, cost.itemsRead());
        assertEquals(1, cost.itemsReturned());
        assertEquals(3, cost.readUnits(), "the three evaluated items, not the one returned");
        QueryRequest reread = tables.queries.get(0);
        assertNull(reread.filterExpression());
        assertEquals(Map.of("#p", "pk"), reread.expressionAttributeNames(), "only the key condition's placeholders");
        assertEquals(Map.of(":p", AttributeValue.fromS("a")), reread.expressionAttributeValues());
        assertEquals(3, reread.limit(), "the page the store evaluated, no more");
    }

    @Test
    void aCountingScanIsBilledByTheItemsItScanned() {
        ScanRequest scan = ScanRequest.builder().tableName(TABLE).select(Select.COUNT).build();
        DynamoCost cost = costs.cost(scan, ScanResponse.builder().count(3).scannedCount(3).build(), null);
        assertEquals(Map.of("Scan", 1), cost.requestsByOperation());
        assertEquals(1.5, cost.readUnits());
        assertEquals(1, tables.scans.size());
    }

    @Test
    void aPageThatEvaluatedNothingCostsTheSmallestUnitWithoutAReread() {
        ScanRequest scan = ScanRequest.builder().tableName(TABLE).filterExpression("body = :b").build();
        DynamoCost cost = costs.cost(scan, ScanResponse.builder().count(0).scannedCount(0).build(), null);
        assertEquals(0.5, cost.readUnits());
        assertTrue(tables.scans.isEmpty());
    }

    @Test
    void aRefusedReadIsCountedAtNoUnits() {
        DynamoCost cost = costs.refused(QueryRequest.builder().tableName(TABLE).build(), null, false).orElseThrow();
        assertEquals(1, cost.rejected());
        assertEquals(0, cost.readUnits());
        assertEquals(1, cost.requests("Query"));
    }

    @Test
    void asksAwsForItsOwnTotal() {
        QueryRequest asked = (QueryRequest) costs.askingForCapacity(QueryRequest.builder().tableName(TABLE).build());
        assertEquals(ReturnConsumedCapacity.TOTAL, asked.returnConsumedCapacity());
        ScanRequest scan = (ScanRequest) costs.askingForCapacity(ScanRequest.builder().tableName(TABLE).build());
        assertEquals(ReturnConsumedCapacity.TOTAL, scan.returnConsumedCapacity());
    }
}
