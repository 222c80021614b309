package workshop.lesson06;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import workshop.kit.dynamo.Tables;

/**
 * Reference solution: a sparse index. A membership (PK CHAT#chat, SK USER#user) carries
 * unread_for = USER#user and unread_since only while its member has something unread; the index
 * "unread" is keyed on those two attributes, so it holds the unread memberships and nothing else.
 */
public class UnreadChats {

    static final String UNREAD = "unread";
    private static final String CHAT = "CHAT#";
    private static final String USER = "USER#";

    private final DynamoDbClient client;
    private final String table;

    public UnreadChats(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    public void createTable() {
        Tables.create(client, Tables.keyed(table, "PK", ScalarAttributeType.S, "SK", ScalarAttributeType.S)
                .attributeDefinitions(Tables.attribute("PK", ScalarAttributeType.S), Tables.attribute("SK", ScalarAttributeType.S),
                        Tables.attribute("unread_for", ScalarAttributeType.S), Tables.attribute("unread_since", ScalarAttributeType.N))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName(UNREAD)
                        .keySchema(Tables.key("unread_for", KeyType.HASH), Tables.key("unread_since", KeyType.RANGE))
                        .projection(p -> p.projectionType("KEYS_ONLY")).build())
                .build());
    }

    public void join(String chatId, String userId) {
        client.putItem(p -> p.tableName(table).item(key(chatId, userId)));
    }

    /** Keeps the first unread message: a second one changes nothing in the index. */
    public void markUnread(String chatId, String userId, long messageId) {
        client.updateItem(u -> u.tableName(table).key(key(chatId, userId))
                .updateExpression("SET unread_for = :user, unread_since = if_not_exists(unread_since, :id)")
                .expressionAttributeValues(Map.of(":user", fromS(USER + userId), ":id", AttributeValue.fromN(Long.toString(messageId)))));
    }

    public void markRead(String chatId, String userId) {
        client.updateItem(u -> u.tableName(table).key(key(chatId, userId)).updateExpression("REMOVE unread_for, unread_since"));
    }

    public List<String> unreadChats(String userId) {
        List<String> chats = new ArrayList<>();
        for (QueryResponse page : client.queryPaginator(q -> q.tableName(table).indexName(UNREAD)
                .keyConditionExpression("unread_for = :user").expressionAttributeValues(Map.of(":user", fromS(USER + userId))))) {
            page.items().forEach(item -> chats.add(item.get("PK").s().substring(CHAT.length())));
        }
        return chats.stream().sorted().toList();
    }

    public List<String> usersWithUnread() {
        TreeSet<String> users = new TreeSet<>();
        for (ScanResponse page : client.scanPaginator(s -> s.tableName(table).indexName(UNREAD))) {
            page.items().forEach(item -> users.add(item.get("unread_for").s().substring(USER.length())));
        }
        return List.copyOf(users);
    }

    private static Map<String, AttributeValue> key(String chatId, String userId) {
        return Map.of("PK", fromS(CHAT + chatId), "SK", fromS(USER + userId));
    }
}
