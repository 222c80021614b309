package workshop.kit.chat;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A chat-list send for groups too big for one DynamoDB transaction, on the table layout of lesson
 * 06's chat lists (CHAT#id holds the head, the members and the messages; USER#id holds a user's
 * list, sorted by the chat's last message id). A small transaction writes the message, moves the
 * head and queues a job; a worker then moves each member's row in a two-action transaction of its
 * own. A move deletes the row at the old key and puts it at the new one, so running it twice
 * leaves the same row: a worker that died half-way is simply run again.
 */
public final class FanOutQueue {

    private static final String QUEUE = "FANOUT";
    private static final int PREVIEW = 40;

    private final DynamoDbClient client;
    private final String table;

    public FanOutQueue(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** The message, the head and the job in one transaction; returns its number of actions. */
    public int send(String chat, String sender, long previous, long message, String body) {
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).conditionExpression("attribute_exists(pk)")
                .key(Map.of("pk", fromS("CHAT#" + chat), "sk", fromS("MEMBER#" + sender)))).build());
        actions.add(TransactWriteItem.builder().update(u -> u.tableName(table).key(Map.of("pk", fromS("CHAT#" + chat), "sk", fromS("HEAD")))
                .updateExpression("SET last_message_id = :now").conditionExpression("last_message_id = :before")
                .expressionAttributeValues(Map.of(":now", number(message), ":before", number(previous)))).build());
        actions.add(TransactWriteItem.builder().put(p -> p.tableName(table).item(Map.of("pk", fromS("CHAT#" + chat),
                "sk", fromS("MSG#" + padded(message)), "sender_id", fromS(sender), "body", fromS(body)))).build());
        actions.add(TransactWriteItem.builder().put(p -> p.tableName(table).item(Map.of("pk", fromS(QUEUE),
                "sk", fromS(padded(message) + "#" + chat), "chat_id", fromS(chat), "previous", number(previous),
                "message_id", number(message), "preview", fromS(preview(body))))).build());
        client.transactWriteItems(t -> t.transactItems(actions));
        return actions.size();
    }

    /** The two actions that move one member's row from the previous message to this one. */
    public List<TransactWriteItem> move(String member, String chat, long previous, long message, String body) {
        return List.of(
                TransactWriteItem.builder().delete(d -> d.tableName(table)
                        .key(Map.of("pk", fromS("USER#" + member), "sk", fromS(padded(previous) + "#" + chat)))).build(),
                TransactWriteItem.builder().put(p -> p.tableName(table).item(Map.of("pk", fromS("USER#" + member),
                        "sk", fromS(padded(message) + "#" + chat), "chat_id", fromS(chat), "last_message_id", number(message),
                        "preview", fromS(preview(body))))).build());
    }

    /** Works through the queued jobs, moving at most {@code moves} rows (fewer: the worker dies there). */
    public void work(int moves) {
        int done = 0;
        for (Map<String, AttributeValue> job : client.query(q -> q.tableName(table).keyConditionExpression("pk = :q")
                .expressionAttributeValues(Map.of(":q", fromS(QUEUE)))).items()) {
            String chat = job.get("chat_id").s();
            for (String member : members(chat)) {
                if (done++ == moves) {
                    return; // the worker dies here; the job stays queued
                }
                client.transactWriteItems(t -> t.transactItems(move(member, chat, Long.parseLong(job.get("previous").n()),
                        Long.parseLong(job.get("message_id").n()), job.get("preview").s())));
            }
            client.deleteItem(d -> d.tableName(table).key(Map.of("pk", job.get("pk"), "sk", job.get("sk"))));
        }
    }

    private List<String> members(String chat) {
        return client.query(q -> q.tableName(table).keyConditionExpression("pk = :c AND begins_with(sk, :m)")
                        .expressionAttributeValues(Map.of(":c", fromS("CHAT#" + chat), ":m", fromS("MEMBER#")))).items().stream()
                .map(i -> i.get("sk").s().substring("MEMBER#".length())).toList();
    }

    private static AttributeValue number(long value) {
        return fromN(Long.toString(value));
    }

    private static String padded(long id) {
        return String.format("%019d", id);
    }

    private static String preview(String body) {
        return body.length() > PREVIEW ? body.substring(0, PREVIEW) : body;
    }
}
