package workshop.lesson06;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import workshop.kit.dynamo.Tables;

/**
 * Reference solution: one partition per customer (pk CUST#id) holding the profile (sk PROFILE)
 * and the orders (sk ORDER#time#id). "PROFILE" sorts after every "ORDER#...", so a newest-first
 * query meets the profile, then the newest orders.
 */
public class OrderHistory {

    private static final String PROFILE = "PROFILE";
    private static final String ORDER = "ORDER#";
    /** Fixed width, so string order is time order (Instant.toString drops a zero fraction). */
    private static final DateTimeFormatter SORTABLE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'")
            .withZone(ZoneOffset.UTC);

    private final DynamoDbClient client;
    private final String table;

    public OrderHistory(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    public void createTable() {
        Tables.create(client, Tables.keyed(table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
    }

    public void addCustomer(Customer customer) {
        client.putItem(b -> b.tableName(table).item(Map.of(
                "pk", fromS(partition(customer.customerId())), "sk", fromS(PROFILE),
                "name", fromS(customer.name()), "email", fromS(customer.email()))));
    }

    // tag::add-order[]
    public void addOrder(Order order) {
        client.putItem(b -> b.tableName(table).item(Map.of(
                "pk", fromS(partition(order.customerId())),
                "sk", fromS(ORDER + SORTABLE.format(order.placedAt()) + "#" + order.orderId()),
                "order_id", fromS(order.orderId()), "placed_at", fromS(order.placedAt().toString()),
                "total_cents", fromN(Long.toString(order.totalCents())))));
    }
    // end::add-order[]

    public List<Order> newestOrders(String customerId, int n) {
        requireSize(n);
        return client.query(b -> b.tableName(table)
                        .keyConditionExpression("pk = :pk AND begins_with(sk, :order)")
                        .expressionAttributeValues(Map.of(":pk", fromS(partition(customerId)), ":order", fromS(ORDER)))
                        .scanIndexForward(false)
                        .limit(n))
                .items().stream().map(item -> order(customerId, item)).toList();
    }

    public Optional<CustomerPage> customerWithNewestOrders(String customerId, int n) {
        requireSize(n);
        List<Map<String, AttributeValue>> items = client.query(b -> b.tableName(table)
                        .keyConditionExpression("pk = :pk")
                        .expressionAttributeValues(Map.of(":pk", fromS(partition(customerId))))
                        .scanIndexForward(false)
                        .limit(n + 1))
                .items();
        if (items.isEmpty() || !items.get(0).get("sk").s().equals(PROFILE)) {
            return Optional.empty();
        }
        Map<String, AttributeValue> profile = items.get(0);
        Customer customer = new Customer(customerId, profile.get("name").s(), profile.get("email").s());
        return Optional.of(new CustomerPage(customer, items.subList(1, items.size()).stream().map(item -> order(customerId, item)).toList()));
    }

    private static Order order(String customerId, Map<String, AttributeValue> item) {
        return new Order(customerId, item.get("order_id").s(), Instant.parse(item.get("placed_at").s()),
                Long.parseLong(item.get("total_cents").n()));
    }

    private static String partition(String customerId) {
        return "CUST#" + customerId;
    }

    private static void requireSize(int n) {
        if (n < 1 || n > 100) {
            throw new IllegalArgumentException("n must be between 1 and 100, was " + n);
        }
    }
}
