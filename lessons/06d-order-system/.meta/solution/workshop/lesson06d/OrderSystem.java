package workshop.lesson06d;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import workshop.kit.catalogue.OracleSample;
import workshop.kit.catalogue.dynamo.DynamoCatalogue;
import workshop.kit.catalogue.dynamo.DynamoPattern;
import workshop.kit.catalogue.dynamo.DynamoPlan;
import workshop.kit.dynamo.Tables;
import workshop.kit.dynamo.Unprocessed;

/**
 * Reference solution: one table, two indexes.
 *
 * <pre>
 * item      PK            SK          GSI1PK      GSI1SK                  queue   queued_at
 * customer  CUST#c        PROFILE     CUST#c      PROFILE
 * order     ORDER#o       #ORDER      CUST#c      ORDER#millis#o          PLACED  millis#o   (only while PLACED)
 * line      ORDER#o       LINE#0001
 * </pre>
 *
 * An order's collection holds the order and its lines ("#" sorts before "L"), so the order page
 * is one Query. GSI1 gathers a customer's profile and orders: newest first, "PROFILE" sorts after
 * every "ORDER#", so the account page is the first six items of one descending Query and the
 * history a begins_with on ORDER#. The "awaiting" index is sparse: only a PLACED order carries its
 * keys, so the pick list reads the warehouse's queue and nothing else, and a status change away
 * from PLACED removes the order from it in the same conditional write.
 *
 * <p>The sparse index has one key: every PLACED order sits under queue = PLACED. Its ceiling is
 * one partition's, about 1,000 write units a second, and the key is written twice an order (in on
 * placing, out on leaving PLACED), each time an order item of under 1 KB, one write unit: 2 units
 * an order, so the key takes about 500 orders a second, against the brief's peak of 30 (60 units a
 * second, 6% of it). Splitting for heat does not lift it: every new order lands at the newest end
 * of the sort key. Its size needs no bound of its own (an index's item collection has none, unlike
 * a local index's 10 GB): 48 hours at 30 a second is 5.2 million orders at most. Past about 500
 * orders a second, shard the key (queue = PLACED#0 to #n) and merge n Queries for the pick list.
 */
public class OrderSystem {

    static final String BY_CUSTOMER = "by_customer";
    static final String AWAITING = "awaiting";
    private static final String CUSTOMER = "CUST#";
    private static final String ORDER = "ORDER#";
    private static final String ORDER_SK = "#ORDER";
    private static final String PROFILE = "PROFILE";

    private final DynamoDbClient client;
    private final String table;

    public OrderSystem(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    public void createTable() {
        Tables.create(client, design());
    }

    private CreateTableRequest design() {
        return Tables.keyed(table, "PK", ScalarAttributeType.S, "SK", ScalarAttributeType.S)
                .attributeDefinitions(Tables.attribute("PK", ScalarAttributeType.S), Tables.attribute("SK", ScalarAttributeType.S),
                        Tables.attribute("GSI1PK", ScalarAttributeType.S), Tables.attribute("GSI1SK", ScalarAttributeType.S),
                        Tables.attribute("queue", ScalarAttributeType.S), Tables.attribute("queued_at", ScalarAttributeType.S))
                .globalSecondaryIndexes(index(BY_CUSTOMER, "GSI1PK", "GSI1SK"), index(AWAITING, "queue", "queued_at"))
                .build();
    }

    private static GlobalSecondaryIndex index(String name, String hash, String range) {
        return GlobalSecondaryIndex.builder().indexName(name)
                .keySchema(Tables.key(hash, KeyType.HASH), Tables.key(range, KeyType.RANGE))
                .projection(p -> p.projectionType("ALL")).build();
    }

    public void addCustomer(Customer customer) {
        client.putItem(p -> p.tableName(table).item(Map.of("PK", fromS(CUSTOMER + customer.customerId()), "SK", fromS(PROFILE),
                "GSI1PK", fromS(CUSTOMER + customer.customerId()), "GSI1SK", fromS(PROFILE),
                "name", fromS(customer.name()), "address", fromS(customer.address()))));
    }

    /**
     * The lines first, the order last: a reader that finds the order finds its lines. One
     * transaction cannot hold a business order's 1,000 lines (100 actions at most).
     */
    public void placeOrder(OrderWithLines placed) {
        Order order = placed.order();
        List<WriteRequest> lines = new ArrayList<>();
        for (OrderLine line : placed.lines()) {
            lines.add(WriteRequest.builder().putRequest(r -> r.item(Map.of("PK", fromS(ORDER + order.orderId()),
                    "SK", fromS(String.format("LINE#%04d", line.line())), "sku", fromS(line.sku()),
                    "quantity", fromN(Integer.toString(line.quantity())), "price", fromN(Long.toString(line.priceCents())))))
                    .build());
        }
        for (int from = 0; from < lines.size(); from += 25) {
            Map<String, List<WriteRequest>> batch = Map.of(table, lines.subList(from, Math.min(lines.size(), from + 25)));
            Unprocessed.sendUntilDone("the lines of order " + order.orderId(), batch,
                    pending -> client.batchWriteItem(b -> b.requestItems(pending)).unprocessedItems());
        }
        Map<String, AttributeValue> item = new HashMap<>(Map.of("PK", fromS(ORDER + order.orderId()), "SK", fromS(ORDER_SK),
                "GSI1PK", fromS(CUSTOMER + order.customerId()), "GSI1SK", fromS(ORDER + timeAndId(order)),
                "customer_id", fromS(order.customerId()), "placed_at", fromS(order.placedAt().toString()),
                "status", fromS(order.status().name()), "total", fromN(Long.toString(order.totalCents()))));
        if (order.status() == OrderStatus.PLACED) {
            item.putAll(queued(order));
        }
        client.putItem(p -> p.tableName(table).item(item));
    }

    // tag::account-page[]
    /** O1: one descending Query of the customer's collection in GSI1: the profile, then the newest orders. */
    public Optional<AccountPage> accountPage(String customerId) {
        List<Map<String, AttributeValue>> items = client.query(q -> q.tableName(table).indexName(BY_CUSTOMER)
                .keyConditionExpression("GSI1PK = :c").expressionAttributeValues(Map.of(":c", fromS(CUSTOMER + customerId)))
                .scanIndexForward(false).limit(1 + ShopOracle.ACCOUNT_ORDERS)).items();
        if (items.isEmpty() || !items.get(0).get("GSI1SK").s().equals(PROFILE)) {
            return Optional.empty();
        }
        Map<String, AttributeValue> profile = items.get(0);
        Customer customer = new Customer(customerId, profile.get("name").s(), profile.get("address").s());
        return Optional.of(new AccountPage(customer, items.subList(1, items.size()).stream().map(OrderSystem::order).toList()));
    }
    // end::account-page[]

    /** O2: the next page after the last order shown (null for the first), starting from its keys. */
    public List<Order> orderHistory(String customerId, Order after) {
        QueryRequest.Builder query = QueryRequest.builder().tableName(table).indexName(BY_CUSTOMER)
                .keyConditionExpression("GSI1PK = :c AND begins_with(GSI1SK, :o)")
                .expressionAttributeValues(Map.of(":c", fromS(CUSTOMER + customerId), ":o", fromS(ORDER)))
                .scanIndexForward(false).limit(ShopOracle.PAGE);
        if (after != null) {
            query.exclusiveStartKey(Map.of("PK", fromS(ORDER + after.orderId()), "SK", fromS(ORDER_SK),
                    "GSI1PK", fromS(CUSTOMER + customerId), "GSI1SK", fromS(ORDER + timeAndId(after))));
        }
        return client.query(query.build()).items().stream().map(OrderSystem::order).toList();
    }

    /** O3: the order's collection, the order first and its lines after it. */
    public Optional<OrderWithLines> order(String orderId) {
        List<Map<String, AttributeValue>> items = client.query(q -> q.tableName(table)
                .keyConditionExpression("PK = :o").expressionAttributeValues(Map.of(":o", fromS(ORDER + orderId)))).items();
        if (items.isEmpty() || !items.get(0).get("SK").s().equals(ORDER_SK)) {
            return Optional.empty();
        }
        List<OrderLine> lines = items.subList(1, items.size()).stream().map(item -> new OrderLine(
                Integer.parseInt(item.get("SK").s().substring("LINE#".length())), item.get("sku").s(),
                Integer.parseInt(item.get("quantity").n()), Long.parseLong(item.get("price").n()))).toList();
        return Optional.of(new OrderWithLines(order(items.get(0)), lines));
    }

    /** O4: the sparse index holds PLACED orders only, oldest first. */
    public List<Order> pickList() {
        return client.query(q -> q.tableName(table).indexName(AWAITING).keyConditionExpression("queue = :q")
                .expressionAttributeValues(Map.of(":q", fromS(OrderStatus.PLACED.name()))).limit(ShopOracle.PICK_LIST))
                .items().stream().map(OrderSystem::order).toList();
    }

    /**
     * O5: the condition decides, so two clerks changing one order cannot both win; leaving PLACED
     * drops the order's keys of the sparse index in the same write.
     */
    public boolean changeStatus(String orderId, OrderStatus from, OrderStatus to) {
        if (to == OrderStatus.PLACED) {
            throw new IllegalArgumentException("An order is PLACED once, when it is placed: change it to SHIPPED, DELIVERED or CANCELLED.");
        }
        try {
            client.updateItem(u -> u.tableName(table).key(Map.of("PK", fromS(ORDER + orderId), "SK", fromS(ORDER_SK)))
                    .conditionExpression("#s = :from").updateExpression("SET #s = :to REMOVE queue, queued_at")
                    .expressionAttributeNames(Map.of("#s", "status"))
                    .expressionAttributeValues(Map.of(":from", fromS(from.name()), ":to", fromS(to.name()))));
            return true;
        } catch (ConditionalCheckFailedException refused) {
            return false;
        }
    }

    /**
     * The design declared: its table, Shop's data written by the design's own code, and O1 to O5,
     * each with its plan and served on the oracle's samples by the methods above.
     */
    public DynamoCatalogue catalogue() {
        return new DynamoCatalogue() {
            private OrderSystem served = OrderSystem.this;

            @Override
            public String name() {
                return "Order System";
            }

            @Override
            public List<CreateTableRequest> tables() {
                return List.of(design());
            }

            /** None: setUp writes Shop's customers and orders with addCustomer and placeOrder, as the design stores them. */
            @Override
            public List<Map<String, AttributeValue>> items(String tableName) {
                return List.of();
            }

            @Override
            public void setUp(DynamoDbClient metered) {
                served = new OrderSystem(metered, table);
                Shop.customers().forEach(served::addCustomer);
                Shop.orders().forEach(served::placeOrder);
            }

            @Override
            public List<DynamoPattern> patterns() {
                return List.of(
                        onEach(OrderQuestions.O1.pattern().plan(DynamoPlan.queryIndex(table, BY_CUSTOMER, "GSI1PK = :c",
                                1 + ShopOracle.ACCOUNT_ORDERS)), ShopOracle.accountPage(), c -> served.accountPage(c)),
                        onEach(OrderQuestions.O2.pattern().plan(DynamoPlan.queryIndex(table, BY_CUSTOMER,
                                "GSI1PK = :c AND begins_with(GSI1SK, ORDER#)", ShopOracle.PAGE)), ShopOracle.history(),
                                c -> served.orderHistory(c, null)),
                        onEach(OrderQuestions.O3.pattern().plan(DynamoPlan.query(table, "PK = :o", 1 + Shop.MOST_LINES_PER_ORDER)),
                                ShopOracle.orderPage(), o -> served.order(o)),
                        OrderQuestions.O4.pattern().plan(DynamoPlan.queryIndex(table, AWAITING, "queue = PLACED", ShopOracle.PICK_LIST))
                                .servedBy("the warehouse", () -> served.pickList()),
                        OrderQuestions.O5.pattern().plan(DynamoPlan.update(table))
                                .servedBy("an unknown order", () -> served.changeStatus("o-none", OrderStatus.PLACED, OrderStatus.SHIPPED)));
            }
        };
    }

    /** The pattern served once on each of the oracle's samples. */
    private static DynamoPattern onEach(DynamoPattern pattern, List<OracleSample<String>> samples, Function<String, ?> call) {
        DynamoPattern served = pattern;
        for (OracleSample<String> sample : samples) {
            served = served.servedBy(sample.label(), () -> call.apply(sample.argument()));
        }
        return served;
    }

    private static Map<String, AttributeValue> queued(Order order) {
        return Map.of("queue", fromS(OrderStatus.PLACED.name()), "queued_at", fromS(timeAndId(order)));
    }

    /** Fixed width, so text order is time order; the id keeps two orders of one millisecond apart. */
    private static String timeAndId(Order order) {
        return String.format("%013d#%s", order.placedAt().toEpochMilli(), order.orderId());
    }

    private static Order order(Map<String, AttributeValue> item) {
        return new Order(item.get("PK").s().substring(ORDER.length()), item.get("customer_id").s(),
                Instant.parse(item.get("placed_at").s()), OrderStatus.valueOf(item.get("status").s()),
                Long.parseLong(item.get("total").n()));
    }
}
