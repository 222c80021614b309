package workshop.kit.dynamo;

import static workshop.kit.dynamo.OperationCosts.aws;
import static workshop.kit.dynamo.OperationCosts.one;
import static workshop.kit.dynamo.OperationCosts.totalSize;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import workshop.kit.dynamo.CapacityUnits.Read;
import workshop.kit.dynamo.ItemImages.Ref;

/**
 * Query and Scan, billed by every item the store evaluated on the page (its ScannedCount), not
 * the ones it returned: when a filter, a projection or Select COUNT hides them, the same page is
 * read again without those, through the plain client, to size them.
 */
final class QueryScanCosts implements OperationCosts {

    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    private final DynamoDbClient plain;

    QueryScanCosts(DynamoDbClient plain) {
        this.plain = plain;
    }

    @Override
    public boolean covers(SdkRequest request) {
        return request instanceof QueryRequest || request instanceof ScanRequest;
    }

    @Override
    public SdkRequest askingForCapacity(SdkRequest request) {
        return request instanceof QueryRequest q
                ? q.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build()
                : ((ScanRequest) request).toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    @Override
    public DynamoCost cost(SdkRequest request, SdkResponse response, Map<Ref, Long> before) {
        return request instanceof QueryRequest q ? query(q, (QueryResponse) response) : scan((ScanRequest) request, (ScanResponse) response);
    }

    @Override
    public Optional<DynamoCost> refused(SdkRequest request, Map<Ref, Long> before, boolean conditionFailed) {
        return OperationCosts.refusedRead(request);
    }

    private DynamoCost query(QueryRequest q, QueryResponse r) {
        boolean hidden = q.filterExpression() != null || q.hasQueryFilter() || q.projectionExpression() != null
                || q.hasAttributesToGet() || q.select() == Select.COUNT || q.select() == Select.SPECIFIC_ATTRIBUTES;
        List<Map<String, AttributeValue>> evaluated = !hidden ? r.items() : r.scannedCount() == 0 ? List.of()
                : plain.query(QueryRequest.builder()
                        .tableName(q.tableName()).indexName(q.indexName())
                        .keyConditionExpression(q.keyConditionExpression())
                        .keyConditions(q.hasKeyConditions() ? q.keyConditions() : null)
                        .expressionAttributeNames(usedIn(q.keyConditionExpression(), q.expressionAttributeNames()))
                        .expressionAttributeValues(usedIn(q.keyConditionExpression(), q.expressionAttributeValues()))
                        .scanIndexForward(q.scanIndexForward()).consistentRead(q.consistentRead())
                        .exclusiveStartKey(q.hasExclusiveStartKey() ? q.exclusiveStartKey() : null)
                        .limit(r.scannedCount())
                        .build()).items();
        return new DynamoCost(one(q), r.scannedCount(), r.count(), CapacityUnits.read(totalSize(evaluated), Read.of(q.consistentRead())),
                0, 0, 0, aws(r.consumedCapacity()));
    }

    private DynamoCost scan(ScanRequest s, ScanResponse r) {
        boolean hidden = s.filterExpression() != null || s.hasScanFilter() || s.projectionExpression() != null
                || s.hasAttributesToGet() || s.select() == Select.COUNT || s.select() == Select.SPECIFIC_ATTRIBUTES;
        List<Map<String, AttributeValue>> evaluated = !hidden ? r.items() : r.scannedCount() == 0 ? List.of()
                : plain.scan(ScanRequest.builder()
                        .tableName(s.tableName()).indexName(s.indexName()).consistentRead(s.consistentRead())
                        .segment(s.segment()).totalSegments(s.totalSegments())
                        .exclusiveStartKey(s.hasExclusiveStartKey() ? s.exclusiveStartKey() : null)
                        .limit(r.scannedCount())
                        .build()).items();
        return new DynamoCost(one(s), r.scannedCount(), r.count(), CapacityUnits.read(totalSize(evaluated), Read.of(s.consistentRead())),
                0, 0, 0, aws(r.consumedCapacity()));
    }

    /** Only the placeholders the key condition still uses (AWS refuses unused ones); null for none. */
    static <V> Map<String, V> usedIn(String expression, Map<String, V> placeholders) {
        if (expression == null) {
            return null;
        }
        Set<String> used = new HashSet<>();
        Matcher m = PLACEHOLDER.matcher(expression);
        while (m.find()) {
            used.add(m.group());
        }
        Map<String, V> kept = new HashMap<>(placeholders);
        kept.keySet().retainAll(used);
        return kept.isEmpty() ? null : kept;
    }
}
