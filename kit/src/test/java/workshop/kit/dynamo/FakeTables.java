package workshop.kit.dynamo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import workshop.kit.dynamo.ItemImages.Ref;

/**
 * The plain client a recorder sizes items through, in memory: tables keyed by "pk" alone, the
 * items in them, and the re-reads it was asked for. A Query or Scan answers the table's items in
 * order, up to its Limit, without evaluating any condition (the recorder never sends one).
 */
final class FakeTables implements DynamoDbClient {

    static final String TABLE = "t";

    private final Map<String, Map<Map<String, AttributeValue>, Map<String, AttributeValue>>> tables = new HashMap<>();
    final List<QueryRequest> queries = new ArrayList<>();
    final List<ScanRequest> scans = new ArrayList<>();
    final List<BatchGetItemRequest> batchGets = new ArrayList<>();

    /** An item with key pk and a string attribute of the given length: 2 + pk's length + 4 + length bytes. */
    static Map<String, AttributeValue> item(String pk, int bodyLength) {
        return Map.of("pk", AttributeValue.fromS(pk), "body", AttributeValue.fromS("x".repeat(bodyLength)));
    }

    static Map<String, AttributeValue> key(String pk) {
        return Map.of("pk", AttributeValue.fromS(pk));
    }

    static Ref ref(String pk) {
        return new Ref(TABLE, key(pk));
    }

    FakeTables put(Map<String, AttributeValue> item) {
        tables.computeIfAbsent(TABLE, t -> new LinkedHashMap<>()).put(key(item.get("pk").s()), item);
        return this;
    }

    ItemImages images() {
        return new ItemImages(this);
    }

    @Override
    public DescribeTableResponse describeTable(DescribeTableRequest request) {
        return DescribeTableResponse.builder().table(t -> t.tableName(request.tableName())
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())).build();
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        batchGets.add(request);
        Map<String, List<Map<String, AttributeValue>>> found = new HashMap<>();
        request.requestItems().forEach((table, keys) -> found.put(table, keys.keys().stream()
                .map(k -> tables.getOrDefault(table, Map.of()).get(k)).filter(item -> item != null).toList()));
        return BatchGetItemResponse.builder().responses(found).build();
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        queries.add(request);
        List<Map<String, AttributeValue>> items = page(request.tableName(), request.limit());
        return QueryResponse.builder().items(items).count(items.size()).scannedCount(items.size()).build();
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
        scans.add(request);
        List<Map<String, AttributeValue>> items = page(request.tableName(), request.limit());
        return ScanResponse.builder().items(items).count(items.size()).scannedCount(items.size()).build();
    }

    private List<Map<String, AttributeValue>> page(String table, Integer limit) {
        List<Map<String, AttributeValue>> items = new ArrayList<>(tables.getOrDefault(table, Map.of()).values());
        return limit == null ? items : items.subList(0, Math.min(limit, items.size()));
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {}
}
