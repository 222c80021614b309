package workshop.kit.dynamo;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Creates and deletes the tables lessons and tests own; on real AWS, deletes only when allowed. */
public final class Tables {

    private Tables() {}

    /**
     * A table keyed by a partition key and a sort key, billed per request: nothing to plan up front
     * and nothing to pay while idle. Add indexes on the builder before building it.
     */
    public static CreateTableRequest.Builder keyed(String table, String partitionKey, ScalarAttributeType partitionType,
                                                   String sortKey, ScalarAttributeType sortType) {
        return CreateTableRequest.builder().tableName(table)
                .attributeDefinitions(attribute(partitionKey, partitionType), attribute(sortKey, sortType))
                .keySchema(key(partitionKey, KeyType.HASH), key(sortKey, KeyType.RANGE))
                .billingMode(BillingMode.PAY_PER_REQUEST);
    }

    /** A table keyed by a partition key alone: one item per key. */
    public static CreateTableRequest.Builder keyed(String table, String partitionKey, ScalarAttributeType partitionType) {
        return CreateTableRequest.builder().tableName(table)
                .attributeDefinitions(attribute(partitionKey, partitionType))
                .keySchema(key(partitionKey, KeyType.HASH))
                .billingMode(BillingMode.PAY_PER_REQUEST);
    }

    public static AttributeDefinition attribute(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    public static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    /** Creates the table and waits until it is active (on AWS that takes a few seconds). */
    public static void create(DynamoDbClient client, CreateTableRequest request) {
        client.createTable(request);
        client.waiter().waitUntilTableExists(b -> b.tableName(request.tableName()));
    }

    /** Items in the table, or in one of its indexes (index null: the table), counted by a paged Scan. */
    public static long count(DynamoDbClient client, String table, String index) {
        return client.scanPaginator(s -> s.tableName(table).indexName(index).select(Select.COUNT)).stream()
                .mapToLong(ScanResponse::count).sum();
    }

    /** Deletes the table if an earlier run left it, then creates it and waits until it is active. */
    public static void recreate(Dynamo dynamo, DynamoDbClient client, CreateTableRequest request) {
        delete(dynamo, client, request.tableName());
        create(client, request);
    }

    /** Deletes the table if it exists and waits until it is gone. */
    public static void delete(Dynamo dynamo, DynamoDbClient client, String table) {
        requireDeletesAllowed(dynamo, table);
        try {
            client.deleteTable(b -> b.tableName(table));
        } catch (ResourceNotFoundException absent) {
            return;
        }
        client.waiter().waitUntilTableNotExists(b -> b.tableName(table));
    }

    /** Deletes every table whose name starts with the prefix; returns how many. */
    public static int deleteAll(Dynamo dynamo, DynamoDbClient client, String prefix) {
        var ours = client.listTablesPaginator().tableNames().stream().filter(name -> name.startsWith(prefix)).toList();
        ours.forEach(table -> delete(dynamo, client, table));
        return ours.size();
    }

    private static void requireDeletesAllowed(Dynamo dynamo, String table) {
        if (!dynamo.deletesAllowed()) {
            throw new DynamoException("This step deletes the table " + table + " in your AWS account, and deleting was not allowed.",
                    "export DYNAMODB_ALLOW_DELETE=yes (only tables named with DYNAMODB_TABLE_PREFIX, "
                            + dynamo.table("") + "..., are ever deleted)");
        }
    }
}
