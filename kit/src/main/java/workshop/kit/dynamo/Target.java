package workshop.kit.dynamo;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * What one request reached, as its request names it: a table, or one of the table's indexes. So a
 * drawing can show which table or index served a question from what the question really sent.
 *
 * @param table the table's name
 * @param index the index's name, or empty for the table itself
 */
public record Target(String table, String index) {

    public boolean isIndex() {
        return !index.isEmpty();
    }

    /** The tables and indexes a data request names; none for a request that reads or writes no item. */
    public static Set<Target> of(SdkRequest request) {
        List<Target> named = List.of();
        if (request instanceof QueryRequest q) {
            named = List.of(new Target(q.tableName(), orEmpty(q.indexName())));
        } else if (request instanceof ScanRequest s) {
            named = List.of(new Target(s.tableName(), orEmpty(s.indexName())));
        } else if (request instanceof GetItemRequest g) {
            named = List.of(table(g.tableName()));
        } else if (request instanceof PutItemRequest p) {
            named = List.of(table(p.tableName()));
        } else if (request instanceof UpdateItemRequest u) {
            named = List.of(table(u.tableName()));
        } else if (request instanceof DeleteItemRequest d) {
            named = List.of(table(d.tableName()));
        } else if (request instanceof BatchGetItemRequest b) {
            named = b.requestItems().keySet().stream().map(Target::table).toList();
        } else if (request instanceof BatchWriteItemRequest b) {
            named = b.requestItems().keySet().stream().map(Target::table).toList();
        } else if (request instanceof TransactGetItemsRequest t) {
            named = t.transactItems().stream().map(TransactGetItem::get).map(get -> table(get.tableName())).toList();
        } else if (request instanceof TransactWriteItemsRequest t) {
            named = t.transactItems().stream().flatMap(Target::tableOf).map(Target::table).toList();
        }
        return new LinkedHashSet<>(named);
    }

    private static Stream<String> tableOf(TransactWriteItem action) {
        return Stream.of(action.put() == null ? null : action.put().tableName(),
                action.update() == null ? null : action.update().tableName(),
                action.delete() == null ? null : action.delete().tableName(),
                action.conditionCheck() == null ? null : action.conditionCheck().tableName())
                .filter(Objects::nonNull);
    }

    private static Target table(String name) {
        return new Target(name, "");
    }

    private static String orEmpty(String index) {
        return index == null ? "" : index;
    }

    @Override
    public String toString() {
        return isIndex() ? table + " index " + index : table;
    }
}
