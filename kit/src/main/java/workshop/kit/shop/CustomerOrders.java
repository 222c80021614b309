package workshop.kit.shop;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import workshop.kit.dynamo.BatchLoader;

/**
 * Lesson 06's shop in one DynamoDB table: each customer's items in one partition, pk "CUST#id",
 * the profile at sk "PROFILE" and each order at sk "ORDER#" + the time it was placed (fixed width,
 * so text order is time order) + its id. Orders are 90 minutes apart; the last three are shipped.
 */
public final class CustomerOrders {

    private static final Instant ORDERS_START = Instant.parse("2025-01-06T08:00:00Z");
    /** The other customers' numbers start here, clear of the customer the lesson looks at. */
    private static final int OTHERS = 1_000;
    private static final int OTHERS_ORDERS = 9;

    private final DynamoDbClient client;
    private final String table;

    public CustomerOrders(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** A profile and {@code orderCount} orders for one customer. */
    public void load(int customer, int orderCount) {
        BatchLoader.put(client, table, "customer " + customer, orderCount + 1L, i -> item(customer, (int) i, orderCount));
    }

    /** Other customers number {@code from} to {@code to - 1}, each with a profile and nine orders. */
    public void loadOthers(int from, int to) {
        int items = OTHERS_ORDERS + 1;
        BatchLoader.put(client, table, "customers " + (OTHERS + from) + " to " + (OTHERS + to - 1), (long) (to - from) * items,
                i -> item(OTHERS + from + (int) (i / items), (int) (i % items), OTHERS_ORDERS));
    }

    /** Item 0 of a customer is the profile; item k is order k-1. */
    private static Map<String, AttributeValue> item(int customer, int item, int orderCount) {
        if (item == 0) {
            return Map.of("pk", fromS("CUST#" + customer), "sk", fromS("PROFILE"), "name", fromS("Customer " + customer),
                    "email", fromS("customer" + customer + "@example.com"));
        }
        int o = item - 1;
        String placed = ORDERS_START.plusSeconds(5_400L * o + customer).toString().replace("Z", ".000Z");
        return Map.of("pk", fromS("CUST#" + customer), "sk", fromS("ORDER#" + placed + "#o" + o),
                "status", fromS(o < orderCount - 3 ? "delivered" : "shipped"),
                "total_cents", fromN(Long.toString(1_250 + 95L * o)),
                "lines", fromS((o % 4 + 1) + " x coffee beans 1 kg, " + (o % 3 + 1) + " x paper filters"));
    }
}
