package workshop.kit.dynamo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Looks at items as they are in the table, through a client that is not metered: the key
 * schema of a table, and the current size of the items a write is about to replace or remove
 * (AWS bills a write by the larger of the old and the new item).
 */
final class ItemImages {

    /** One item: its table and primary key. */
    record Ref(String table, Map<String, AttributeValue> key) {}

    private static final int BATCH_GET_LIMIT = 100;

    private final DynamoDbClient plain;
    private final Map<String, List<String>> keyNames = new ConcurrentHashMap<>();

    ItemImages(DynamoDbClient plain) {
        this.plain = plain;
    }

    DynamoDbClient plain() {
        return plain;
    }

    Ref refOf(String table, Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new HashMap<>();
        for (String name : keyNames(table)) {
            key.put(name, item.get(name));
        }
        return new Ref(table, key);
    }

    /** A table was created, changed or deleted: its key schema may have changed. */
    void forget(String table) {
        keyNames.remove(table);
    }

    /**
     * The current size of each item, 0 for one that does not exist, read consistently. A key with
     * a part missing counts 0 too: the store is about to refuse that request and say why.
     */
    Map<Ref, Long> sizes(Collection<Ref> refs) {
        Map<Ref, Long> sizes = new HashMap<>();
        refs.forEach(ref -> sizes.put(ref, 0L));
        List<Ref> distinct = new ArrayList<>(new LinkedHashSet<>(refs));
        distinct.removeIf(ref -> ref.key().containsValue(null));
        for (int from = 0; from < distinct.size(); from += BATCH_GET_LIMIT) {
            Map<String, KeysAndAttributes> request = new HashMap<>();
            for (Ref ref : distinct.subList(from, Math.min(distinct.size(), from + BATCH_GET_LIMIT))) {
                KeysAndAttributes keys = request.get(ref.table());
                List<Map<String, AttributeValue>> list = keys == null ? new ArrayList<>() : new ArrayList<>(keys.keys());
                list.add(ref.key());
                request.put(ref.table(), KeysAndAttributes.builder().keys(list).consistentRead(true).build());
            }
            Unprocessed.sendUntilDone("the items a write replaces", request, pending -> {
                BatchGetItemResponse response = plain.batchGetItem(b -> b.requestItems(pending));
                response.responses().forEach((table, items) -> items.forEach(item -> sizes.put(refOf(table, item), ItemSize.of(item))));
                return response.unprocessedKeys();
            });
        }
        return sizes;
    }

    private List<String> keyNames(String table) {
        return keyNames.computeIfAbsent(table, name -> plain.describeTable(b -> b.tableName(name)).table().keySchema()
                .stream().map(KeySchemaElement::attributeName).toList());
    }
}
