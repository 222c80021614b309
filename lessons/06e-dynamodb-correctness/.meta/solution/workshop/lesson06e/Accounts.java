package workshop.lesson06e;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import workshop.kit.dynamo.Tables;

/**
 * Reference solution: one table, generic keys PK and SK. An account is USER#id / PROFILE with a
 * version; each unique value is a marker item of its own (USERNAME#name, EMAIL#address) whose
 * key is the value, so DynamoDB's one-item condition attribute_not_exists(PK) refuses a second
 * holder. A group is GROUP#g / GROUP with its member_count, beside one MEMBER#u item per member.
 */
public class Accounts {

    private static final String PROFILE = "PROFILE";
    private static final String GROUP = "GROUP";
    private static final String ABSENT = "attribute_not_exists(PK)";

    private final DynamoDbClient client;
    private final String table;

    public Accounts(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    public void createTable() {
        Tables.create(client, Tables.keyed(table, "PK", ScalarAttributeType.S, "SK", ScalarAttributeType.S).build());
    }

    public void register(Account account) {
        // tag::register[]
        List<TransactWriteItem> puts = List.of(
                absent(Map.of("PK", fromS("USER#" + account.userId()), "SK", fromS(PROFILE),
                        "username", fromS(account.username()), "email", fromS(account.email()),
                        "display_name", fromS(account.displayName()), "version", fromN("1"))),
                absent(marker("USERNAME#" + account.username(), account.userId())),
                absent(marker("EMAIL#" + account.email(), account.userId())));
        try {
            client.transactWriteItems(t -> t.transactItems(puts));
            // end::register[]
        } catch (TransactionCanceledException e) {
            // The reasons come in the order of the actions: which unique value was taken.
            List<CancellationReason> reasons = e.cancellationReasons();
            if ("ConditionalCheckFailed".equals(reasons.get(0).code())) {
                throw new TakenException("user id", account.userId());
            }
            if ("ConditionalCheckFailed".equals(reasons.get(1).code())) {
                throw new TakenException("username", account.username());
            }
            if ("ConditionalCheckFailed".equals(reasons.get(2).code())) {
                throw new TakenException("email", account.email());
            }
            throw e;
        }
    }

    public Optional<Profile> profile(String userId) {
        Map<String, AttributeValue> item = client.getItem(g -> g.tableName(table)
                .key(Map.of("PK", fromS("USER#" + userId), "SK", fromS(PROFILE)))).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Profile(userId, item.get("username").s(), item.get("email").s(), item.get("display_name").s(),
                Long.parseLong(item.get("version").n())));
    }

    // tag::rename[]
    public boolean rename(String userId, long expectedVersion, String displayName) {
        try {
            client.updateItem(u -> u.tableName(table)
                    .key(Map.of("PK", fromS("USER#" + userId), "SK", fromS(PROFILE)))
                    .updateExpression("SET display_name = :name, version = version + :one")
                    .conditionExpression("version = :expected")
                    .expressionAttributeValues(Map.of(":name", fromS(displayName), ":one", fromN("1"),
                            ":expected", fromN(Long.toString(expectedVersion)))));
            return true;
        } catch (ConditionalCheckFailedException stale) {
            return false;
        }
    }
    // end::rename[]

    public boolean join(String groupId, String userId) {
        Map<String, AttributeValue> group = Map.of("PK", fromS("GROUP#" + groupId), "SK", fromS(GROUP));
        try {
            // tag::join[]
            client.transactWriteItems(t -> t.transactItems(
                    absent(Map.of("PK", fromS("GROUP#" + groupId), "SK", fromS("MEMBER#" + userId))),
                    TransactWriteItem.builder().update(u -> u.tableName(table).key(group)
                            .updateExpression("ADD member_count :one")
                            .expressionAttributeValues(Map.of(":one", fromN("1")))).build()));
            // end::join[]
            return true;
        } catch (TransactionCanceledException e) {
            if ("ConditionalCheckFailed".equals(e.cancellationReasons().get(0).code())) {
                return false; // already a member: neither the membership nor the count changed
            }
            throw e;
        }
    }

    public long memberCount(String groupId) {
        Map<String, AttributeValue> item = client.getItem(g -> g.tableName(table)
                .key(Map.of("PK", fromS("GROUP#" + groupId), "SK", fromS(GROUP)))).item();
        return item == null || !item.containsKey("member_count") ? 0 : Long.parseLong(item.get("member_count").n());
    }

    private static Map<String, AttributeValue> marker(String key, String userId) {
        return Map.of("PK", fromS(key), "SK", fromS(key), "user_id", fromS(userId));
    }

    private TransactWriteItem absent(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table).item(item).conditionExpression(ABSENT).build())
                .build();
    }
}
