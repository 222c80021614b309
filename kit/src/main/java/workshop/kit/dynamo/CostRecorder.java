package workshop.kit.dynamo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import workshop.kit.dynamo.CapacityUnits.Read;
import workshop.kit.dynamo.ItemImages.Ref;

/**
 * Costs every data call a client makes, from the request and the response, by AWS's formula.
 * Reads are billed by the items the store evaluated, not the ones it returned: when a filter,
 * a projection or Select COUNT hides them, the same page is read again without those, through a
 * client that is not metered, to size them. Writes are billed by the larger of the item before
 * and after, so the old item is looked up first. Failed conditional writes and cancelled
 * transactions still cost the old item's size, as on AWS; other refused calls cost nothing.
 * Not modelled: the extra writes to a global secondary index.
 */
final class CostRecorder implements ExecutionInterceptor {

    private static final ExecutionAttribute<Map<Ref, Long>> SIZES_BEFORE = new ExecutionAttribute<>("workshop.sizes-before");
    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    private final ItemImages images;
    private final boolean askAws;
    private final List<DynamoCost> costs = new ArrayList<>();

    CostRecorder(ItemImages images, boolean askAws) {
        this.images = images;
        this.askAws = askAws;
    }

    int recorded() {
        synchronized (costs) {
            return costs.size();
        }
    }

    List<DynamoCost> since(int index) {
        synchronized (costs) {
            return new ArrayList<>(costs.subList(index, costs.size()));
        }
    }

    private void record(DynamoCost cost) {
        synchronized (costs) {
            costs.add(cost);
        }
    }

    /** Against real AWS, asks for its own figure too. */
    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        if (!askAws) {
            return request;
        }
        ReturnConsumedCapacity total = ReturnConsumedCapacity.TOTAL;
        if (request instanceof QueryRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof ScanRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof GetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof BatchGetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof TransactGetItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof PutItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof DeleteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof UpdateItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof BatchWriteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        } else if (request instanceof TransactWriteItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(total).build();
        }
        return request;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        List<Ref> written = itemsWrittenBy(context.request());
        if (!written.isEmpty()) {
            attributes.putAttribute(SIZES_BEFORE, images.sizes(written));
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        SdkResponse response = context.response();
        Map<Ref, Long> before = attributes.getAttribute(SIZES_BEFORE);
        if (request instanceof QueryRequest q) {
            record(query(q, (QueryResponse) response));
        } else if (request instanceof ScanRequest s) {
            record(scan(s, (ScanResponse) response));
        } else if (request instanceof GetItemRequest g) {
            record(get(g, (GetItemResponse) response));
        } else if (request instanceof BatchGetItemRequest b) {
            record(batchGet(b, (BatchGetItemResponse) response));
        } else if (request instanceof TransactGetItemsRequest t) {
            record(transactGet(t, (TransactGetItemsResponse) response));
        } else if (request instanceof PutItemRequest p) {
            Ref ref = images.refOf(p.tableName(), p.item());
            record(write(request, 1, CapacityUnits.write(Math.max(before.get(ref), ItemSize.of(p.item())), false),
                    aws(((PutItemResponse) response).consumedCapacity())));
        } else if (request instanceof DeleteItemRequest d) {
            record(write(request, 1, CapacityUnits.write(before.get(new Ref(d.tableName(), d.key())), false),
                    aws(((DeleteItemResponse) response).consumedCapacity())));
        } else if (request instanceof UpdateItemRequest u) {
            Ref ref = new Ref(u.tableName(), u.key());
            record(write(request, 1, CapacityUnits.write(Math.max(before.get(ref), images.sizes(List.of(ref)).get(ref)), false),
                    aws(((UpdateItemResponse) response).consumedCapacity())));
        } else if (request instanceof BatchWriteItemRequest b) {
            record(batchWrite(b, (BatchWriteItemResponse) response, before));
        } else if (request instanceof TransactWriteItemsRequest t) {
            record(transactWrite(t, before, aws(((TransactWriteItemsResponse) response).consumedCapacity())));
        } else if (request instanceof CreateTableRequest c) {
            images.forget(c.tableName());
        } else if (request instanceof DeleteTableRequest d) {
            images.forget(d.tableName());
        } else if (request instanceof UpdateTableRequest u) {
            images.forget(u.tableName());
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        Map<Ref, Long> before = attributes.getAttribute(SIZES_BEFORE);
        boolean conditionFailed = context.exception() instanceof ConditionalCheckFailedException
                || context.exception() instanceof TransactionCanceledException;
        if (before != null && conditionFailed) {
            double factor = request instanceof TransactWriteItemsRequest ? 2 : 1;
            double units = before.values().stream().mapToDouble(size -> factor * CapacityUnits.write(size, false)).sum();
            record(new DynamoCost(one(request), 0, 0, 0, 0, units, 1, null));
        } else if (before != null || isDataRead(request)) {
            record(new DynamoCost(one(request), 0, 0, 0, 0, 0, 1, null));
        }
    }

    private DynamoCost query(QueryRequest q, QueryResponse r) {
        boolean hidden = q.filterExpression() != null || q.hasQueryFilter() || q.projectionExpression() != null
                || q.hasAttributesToGet() || q.select() == Select.COUNT || q.select() == Select.SPECIFIC_ATTRIBUTES;
        List<Map<String, AttributeValue>> evaluated = !hidden ? r.items() : r.scannedCount() == 0 ? List.of()
                : images.plain().query(QueryRequest.builder()
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
                : images.plain().scan(ScanRequest.builder()
                        .tableName(s.tableName()).indexName(s.indexName()).consistentRead(s.consistentRead())
                        .segment(s.segment()).totalSegments(s.totalSegments())
                        .exclusiveStartKey(s.hasExclusiveStartKey() ? s.exclusiveStartKey() : null)
                        .limit(r.scannedCount())
                        .build()).items();
        return new DynamoCost(one(s), r.scannedCount(), r.count(), CapacityUnits.read(totalSize(evaluated), Read.of(s.consistentRead())),
                0, 0, 0, aws(r.consumedCapacity()));
    }

    private DynamoCost get(GetItemRequest g, GetItemResponse r) {
        boolean found = r.hasItem() && !r.item().isEmpty();
        boolean projected = g.projectionExpression() != null || g.hasAttributesToGet();
        long size = !found ? 0 : projected ? images.sizes(List.of(new Ref(g.tableName(), g.key()))).get(new Ref(g.tableName(), g.key()))
                : ItemSize.of(r.item());
        return new DynamoCost(one(g), found ? 1 : 0, found ? 1 : 0, CapacityUnits.read(size, Read.of(g.consistentRead())),
                0, 0, 0, aws(r.consumedCapacity()));
    }

    /** Each key is billed on its own, a missing one at the smallest unit; projections are not undone here. */
    private DynamoCost batchGet(BatchGetItemRequest b, BatchGetItemResponse r) {
        long read = 0;
        double units = 0;
        for (var entry : b.requestItems().entrySet()) {
            Read kind = Read.of(entry.getValue().consistentRead());
            List<Map<String, AttributeValue>> found = r.responses().getOrDefault(entry.getKey(), List.of());
            int unprocessed = r.unprocessedKeys().containsKey(entry.getKey()) ? r.unprocessedKeys().get(entry.getKey()).keys().size() : 0;
            int missing = entry.getValue().keys().size() - unprocessed - found.size();
            read += found.size();
            units += found.stream().mapToDouble(item -> CapacityUnits.read(ItemSize.of(item), kind)).sum()
                    + missing * CapacityUnits.read(0, kind);
        }
        return new DynamoCost(one(b), read, read, units, 0, 0, 0, aws(r.consumedCapacity()));
    }

    private DynamoCost transactGet(TransactGetItemsRequest t, TransactGetItemsResponse r) {
        List<Map<String, AttributeValue>> found = r.responses().stream().filter(ItemResponse::hasItem).map(ItemResponse::item).toList();
        double units = r.responses().stream()
                .mapToDouble(item -> CapacityUnits.read(item.hasItem() ? ItemSize.of(item.item()) : 0, Read.TRANSACTIONAL)).sum();
        return new DynamoCost(one(t), found.size(), found.size(), units, 0, 0, 0, aws(r.consumedCapacity()));
    }

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
                units += write.putRequest() != null
                        ? CapacityUnits.write(Math.max(before.get(images.refOf(entry.getKey(), write.putRequest().item())),
                                ItemSize.of(write.putRequest().item())), false)
                        : CapacityUnits.write(before.get(new Ref(entry.getKey(), write.deleteRequest().key())), false);
            }
        }
        return write(b, written, units, aws(r.consumedCapacity()));
    }

    private DynamoCost transactWrite(TransactWriteItemsRequest t, Map<Ref, Long> before, Double aws) {
        List<Ref> updated = t.transactItems().stream().filter(a -> a.update() != null)
                .map(a -> new Ref(a.update().tableName(), a.update().key())).toList();
        Map<Ref, Long> after = updated.isEmpty() ? Map.of() : images.sizes(updated);
        long written = 0;
        double units = 0;
        for (TransactWriteItem action : t.transactItems()) {
            long size;
            if (action.put() != null) {
                size = Math.max(before.get(images.refOf(action.put().tableName(), action.put().item())), ItemSize.of(action.put().item()));
            } else if (action.update() != null) {
                Ref ref = new Ref(action.update().tableName(), action.update().key());
                size = Math.max(before.get(ref), after.get(ref));
            } else if (action.delete() != null) {
                size = before.get(new Ref(action.delete().tableName(), action.delete().key()));
            } else {
                size = before.get(new Ref(action.conditionCheck().tableName(), action.conditionCheck().key()));
            }
            written += action.conditionCheck() == null ? 1 : 0;
            units += CapacityUnits.write(size, true);
        }
        return new DynamoCost(one(t), 0, 0, 0, written, units, 0, aws);
    }

    private List<Ref> itemsWrittenBy(SdkRequest request) {
        List<Ref> refs = new ArrayList<>();
        if (request instanceof PutItemRequest p) {
            refs.add(images.refOf(p.tableName(), p.item()));
        } else if (request instanceof DeleteItemRequest d) {
            refs.add(new Ref(d.tableName(), d.key()));
        } else if (request instanceof UpdateItemRequest u) {
            refs.add(new Ref(u.tableName(), u.key()));
        } else if (request instanceof BatchWriteItemRequest b) {
            b.requestItems().forEach((table, writes) -> writes.forEach(w -> refs.add(w.putRequest() != null
                    ? images.refOf(table, w.putRequest().item()) : new Ref(table, w.deleteRequest().key()))));
        } else if (request instanceof TransactWriteItemsRequest t) {
            for (TransactWriteItem a : t.transactItems()) {
                refs.add(a.put() != null ? images.refOf(a.put().tableName(), a.put().item())
                        : a.update() != null ? new Ref(a.update().tableName(), a.update().key())
                        : a.delete() != null ? new Ref(a.delete().tableName(), a.delete().key())
                        : new Ref(a.conditionCheck().tableName(), a.conditionCheck().key()));
            }
        }
        return refs;
    }

    private static boolean isDataRead(SdkRequest request) {
        return request instanceof QueryRequest || request instanceof ScanRequest || request instanceof GetItemRequest
                || request instanceof BatchGetItemRequest || request instanceof TransactGetItemsRequest;
    }

    private static DynamoCost write(SdkRequest request, long items, double units, Double aws) {
        return new DynamoCost(one(request), 0, 0, 0, items, units, 0, aws);
    }

    /** One request of this operation: QueryRequest counts as "Query". */
    private static Map<String, Integer> one(SdkRequest request) {
        return Map.of(request.getClass().getSimpleName().replaceAll("Request$", ""), 1);
    }

    private static long totalSize(List<Map<String, AttributeValue>> items) {
        return items.stream().mapToLong(ItemSize::of).sum();
    }

    /** Only the placeholders the key condition still uses (AWS refuses unused ones); null for none. */
    private static <V> Map<String, V> usedIn(String expression, Map<String, V> placeholders) {
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

    private Double aws(ConsumedCapacity capacity) {
        return askAws && capacity != null ? capacity.capacityUnits() : null;
    }

    private Double aws(List<ConsumedCapacity> capacities) {
        return askAws && capacities != null && !capacities.isEmpty()
                ? capacities.stream().mapToDouble(ConsumedCapacity::capacityUnits).sum() : null;
    }
}
