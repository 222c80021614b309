package workshop.lesson06;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.Tables;

/**
 * Reference solution. A send reads the chat (its head and members, one query) and then writes
 * everything in one TransactWriteItems: a ConditionCheck that the sender is a member, the head
 * moved to the new message only if no other send moved it first, the message, and for each member
 * the delete and the put that move the chat to the top of their list.
 */
public class ChatLists {

    /** DynamoDB's limit on the actions of one transaction. */
    public static final int MAX_ACTIONS = 100;
    private static final int ATTEMPTS = 3;

    private final DynamoDbClient client;
    private final String table;

    public ChatLists(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    public void createTable() {
        Tables.create(client, Tables.keyed(table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
    }

    /** Creating a chat needs no atomicity in this exercise: plain batches of puts. */
    public void createChat(String chatId, List<String> members) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(Map.of("pk", fromS(chat(chatId)), "sk", fromS("HEAD"), "last_message_id", fromN("0")));
        for (String member : members) {
            items.add(Map.of("pk", fromS(chat(chatId)), "sk", fromS("MEMBER#" + member)));
            items.add(listRow(member, chatId, 0, ""));
        }
        BatchLoader.put(client, table, "creating chat " + chatId, items.size(), i -> items.get((int) i));
    }

    public void send(String chatId, String senderId, long messageId, String body) {
        for (int attempt = 1; ; attempt++) {
            List<Map<String, AttributeValue>> chatItems = client.query(b -> b.tableName(table)
                    .keyConditionExpression("pk = :pk AND sk < :messages")
                    .expressionAttributeValues(Map.of(":pk", fromS(chat(chatId)), ":messages", fromS("MSG#")))
                    .consistentRead(true)).items();
            long previous = chatItems.stream().filter(i -> i.get("sk").s().equals("HEAD")).findFirst()
                    .map(i -> Long.parseLong(i.get("last_message_id").n()))
                    .orElseThrow(() -> new IllegalArgumentException("No chat " + chatId));
            List<String> members = chatItems.stream().map(i -> i.get("sk").s()).filter(sk -> sk.startsWith("MEMBER#"))
                    .map(sk -> sk.substring("MEMBER#".length())).toList();
            int actions = 3 + 2 * members.size();
            if (actions > MAX_ACTIONS) {
                throw new IllegalArgumentException("A message to " + members.size() + " members needs " + actions
                        + " actions; one transaction takes at most " + MAX_ACTIONS + ". Fan out through a queue instead.");
            }
            try {
                client.transactWriteItems(b -> b.transactItems(actions(chatId, senderId, messageId, body, previous, members)));
                return;
            } catch (TransactionCanceledException cancelled) {
                if ("ConditionalCheckFailed".equals(cancelled.cancellationReasons().get(0).code())) {
                    throw new NotAMemberException(senderId, chatId);
                }
                if (attempt == ATTEMPTS) {
                    throw cancelled; // another send kept moving the head: give up after a few tries
                }
            }
        }
    }

    public List<ChatListEntry> chatList(String userId, int n) {
        return client.query(b -> b.tableName(table)
                        .keyConditionExpression("pk = :pk")
                        .expressionAttributeValues(Map.of(":pk", fromS("USER#" + userId)))
                        .scanIndexForward(false)
                        .limit(n))
                .items().stream()
                .map(i -> new ChatListEntry(i.get("chat_id").s(), Long.parseLong(i.get("last_message_id").n()), i.get("preview").s()))
                .toList();
    }

    private List<TransactWriteItem> actions(String chatId, String senderId, long messageId, String body, long previous,
                                            List<String> members) {
        List<TransactWriteItem> actions = new ArrayList<>();
        // Index 0, so a cancellation reason at 0 means "not a member".
        actions.add(TransactWriteItem.builder().conditionCheck(c -> c.tableName(table)
                .key(Map.of("pk", fromS(chat(chatId)), "sk", fromS("MEMBER#" + senderId)))
                .conditionExpression("attribute_exists(pk)")).build());
        actions.add(TransactWriteItem.builder().update(u -> u.tableName(table)
                .key(Map.of("pk", fromS(chat(chatId)), "sk", fromS("HEAD")))
                .updateExpression("SET last_message_id = :new")
                .conditionExpression("last_message_id = :previous")
                .expressionAttributeValues(Map.of(":new", fromN(Long.toString(messageId)), ":previous", fromN(Long.toString(previous)))))
                .build());
        actions.add(TransactWriteItem.builder().put(p -> p.tableName(table).item(Map.of(
                "pk", fromS(chat(chatId)), "sk", fromS("MSG#" + padded(messageId)),
                "sender_id", fromS(senderId), "body", fromS(body)))).build());
        for (String member : members) {
            actions.add(TransactWriteItem.builder().delete(d -> d.tableName(table)
                    .key(Map.of("pk", fromS("USER#" + member), "sk", fromS(listSortKey(previous, chatId))))).build());
            actions.add(TransactWriteItem.builder().put(p -> p.tableName(table).item(listRow(member, chatId, messageId, body))).build());
        }
        return actions;
    }

    private static Map<String, AttributeValue> listRow(String userId, String chatId, long lastMessageId, String body) {
        return Map.of("pk", fromS("USER#" + userId), "sk", fromS(listSortKey(lastMessageId, chatId)),
                "chat_id", fromS(chatId), "last_message_id", fromN(Long.toString(lastMessageId)),
                "preview", fromS(body.length() > 40 ? body.substring(0, 40) : body));
    }

    private static String listSortKey(long lastMessageId, String chatId) {
        return padded(lastMessageId) + "#" + chatId;
    }

    private static String padded(long id) {
        return String.format("%019d", id);
    }

    private static String chat(String chatId) {
        return "CHAT#" + chatId;
    }
}
