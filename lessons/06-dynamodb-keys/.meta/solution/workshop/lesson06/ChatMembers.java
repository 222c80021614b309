package workshop.lesson06;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import workshop.kit.dynamo.Tables;

/**
 * Reference solution: an adjacency list. The membership is one item, PK CHAT#chat and SK
 * USER#user; the chat's members are its partition, and the index "inverted" (partition key SK,
 * sort key PK) holds the same items keyed by user, so a user's chats are one Query of it.
 */
public class ChatMembers {

    static final String INVERTED = "inverted";
    private static final String CHAT = "CHAT#";
    private static final String USER = "USER#";

    private final DynamoDbClient client;
    private final String table;

    public ChatMembers(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    public void createTable() {
        Tables.create(client, Tables.keyed(table, "PK", ScalarAttributeType.S, "SK", ScalarAttributeType.S)
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName(INVERTED)
                        .keySchema(Tables.key("SK", KeyType.HASH), Tables.key("PK", KeyType.RANGE))
                        .projection(p -> p.projectionType("KEYS_ONLY")).build())
                .build());
    }

    public void join(String chatId, String userId) {
        client.putItem(p -> p.tableName(table).item(Map.of("PK", fromS(CHAT + chatId), "SK", fromS(USER + userId))));
    }

    public List<String> members(String chatId) {
        return idsAfter(USER.length(), "SK", client.queryPaginator(q -> q.tableName(table)
                .keyConditionExpression("PK = :chat AND begins_with(SK, :user)")
                .expressionAttributeValues(Map.of(":chat", fromS(CHAT + chatId), ":user", fromS(USER)))));
    }

    public List<String> chatsOf(String userId) {
        return idsAfter(CHAT.length(), "PK", client.queryPaginator(q -> q.tableName(table).indexName(INVERTED)
                .keyConditionExpression("SK = :user AND begins_with(PK, :chat)")
                .expressionAttributeValues(Map.of(":user", fromS(USER + userId), ":chat", fromS(CHAT)))));
    }

    /** The ids in one key attribute of every page, prefix cut off, in key order. */
    private static List<String> idsAfter(int prefix, String attribute, Iterable<QueryResponse> pages) {
        List<String> ids = new ArrayList<>();
        for (QueryResponse page : pages) {
            page.items().forEach(item -> ids.add(item.get(attribute).s().substring(prefix)));
        }
        return ids;
    }
}
