package workshop.testkit;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.dynamo.DynamoCatalogue;
import workshop.kit.catalogue.dynamo.DynamoPattern;
import workshop.kit.catalogue.dynamo.DynamoPlan;
import workshop.kit.dynamo.Tables;

/**
 * A published design nobody here wrote: the human-resources and order-entry application of the
 * Amazon DynamoDB Developer Guide's "Example of modeling relational data in DynamoDB" (its
 * edition with GSI overloading): employees, their jobs, their warehouses and confidential HR
 * records, customers, orders, products and their inventory per warehouse, all in one table keyed
 * PK and SK, with an overloaded index GSI1 (SK as its partition key, the overloaded Data attribute
 * as its sort key) and a write-sharded sparse index GSI2 for the open orders. Its access patterns
 * AP1 to AP13 as the guide lists them, those that touch the entities drawn here, each with the
 * guide's key condition; the rates are ours, as the guide gives none. Tags in the keys are written
 * in capitals (EMP#, CUST#, ORDER#) so the drawing reads them as types.
 *
 * Eight patterns are wrong on purpose, one for each rule the checker holds: X1 reads two item
 * collections in a row at a busy rate, X2 keeps a customer's order history in one item past
 * 400 KB, X3 writes every open order under one key, X4 copies a large attribute into an index
 * that projects ALL, X5 answers a question with a Scan, X6 pages a whole collection planned as one
 * Query, X7 filters most of what it reads away, X8 reads an index where it needs a strong read.
 */
public class HrCatalogue implements DynamoCatalogue {

    static final int EMPLOYEES = 120;
    static final int WAREHOUSES = 6;
    static final int CUSTOMERS = 30;
    static final int ORDERS = 420;
    /** Every seventh order is the big customer's: c000 has 60, a third of them open. */
    static final int BIG_CUSTOMER_SHARE = 7;
    static final int PRODUCTS = 20;
    static final int SHARDS = 4;
    static final LocalDate FIRST_DAY = LocalDate.parse("2026-09-01");
    static final List<String> TITLES = List.of("Associate", "Associate", "Associate", "Picker", "Driver", "Manager");
    static final List<String> NAMES = List.of("Jane Doe", "John Smith", "Ana Silva", "Wei Chen", "Omar Haddad", "Eva Novak",
            "Liam Murphy", "Yuki Tanaka", "Ngozi Okafor", "Lars Jensen");

    /** The names a GSI1 Query uses when its condition reads Data too. */
    private static final Map<String, String> DATA = Map.of("#sk", "SK", "#d", "Data");

    private final String table;
    private DynamoDbClient client;

    public HrCatalogue() {
        this("hr");
    }

    HrCatalogue(String table) {
        this.table = table;
    }

    @Override
    public String name() {
        return "HR and order entry (AWS Developer Guide)";
    }

    @Override
    public List<CreateTableRequest> tables() {
        GlobalSecondaryIndex gsi1 = GlobalSecondaryIndex.builder().indexName("GSI1")
                .keySchema(Tables.key("SK", KeyType.HASH), Tables.key("Data", KeyType.RANGE))
                .projection(p -> p.projectionType(ProjectionType.ALL)).build();
        GlobalSecondaryIndex gsi2 = GlobalSecondaryIndex.builder().indexName("GSI2")
                .keySchema(Tables.key("Shard", KeyType.HASH), Tables.key("Data", KeyType.RANGE))
                .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("amount")).build();
        return List.of(Tables.keyed(table, "PK", ScalarAttributeType.S, "SK", ScalarAttributeType.S)
                .attributeDefinitions(Tables.attribute("PK", ScalarAttributeType.S), Tables.attribute("SK", ScalarAttributeType.S),
                        Tables.attribute("Data", ScalarAttributeType.S), Tables.attribute("Shard", ScalarAttributeType.S))
                .globalSecondaryIndexes(gsi1, gsi2).build());
    }

    static String employee(int i) {
        return String.format("EMP#e%03d", i);
    }

    static String warehouse(int i) {
        return String.format("WH#w%02d", i % WAREHOUSES);
    }

    static String customer(int order) {
        return String.format("CUST#c%03d", order % BIG_CUSTOMER_SHARE == 0 ? 0 : 1 + order % (CUSTOMERS - 1));
    }

    static String product(int i) {
        return String.format("PROD#p%02d", i % PRODUCTS);
    }

    static boolean open(int order) {
        return order % 3 == 0;
    }

    static LocalDate day(int order) {
        return FIRST_DAY.plusDays(order % 90);
    }

    static Map<String, AttributeValue> item(String pk, String sk, String data, String... more) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", s(pk));
        item.put("SK", s(sk));
        item.put("Data", s(data));
        for (int i = 0; i < more.length; i += 2) {
            item.put(more[i], more[i].equals("amount") || more[i].equals("quantity") ? AttributeValue.fromN(more[i + 1]) : s(more[i + 1]));
        }
        return item;
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    /** An order as the guide keys it: in its own collection under the customer (SK), its status and date in Data. */
    static Map<String, AttributeValue> order(int i) {
        String data = (open(i) ? "OPEN#" : "SHIPPED#") + day(i);
        Map<String, AttributeValue> order = item(String.format("ORDER#o%04d", i), customer(i), data,
                "amount", String.valueOf(20 + i % 500), "rep", employee(i % EMPLOYEES), "product", product(i));
        if (open(i)) {
            order.put("Shard", s("SHARD#" + i % SHARDS)); // sparse: a shipped order leaves GSI2
        }
        return order;
    }

    @Override
    public List<Map<String, AttributeValue>> items(String tableName) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int e = 0; e < EMPLOYEES; e++) {
            String id = employee(e);
            String name = NAMES.get(e % NAMES.size()) + " " + e;
            items.add(item(id, "EMPLOYEE", name, "phone", "+1-555-" + (1000 + e), "email", "e" + e + "@example.com"));
            items.add(item(id, "JOB#CURRENT", TITLES.get(e % TITLES.size()) + "#" + name, "since", FIRST_DAY.minusDays(e).toString()));
            for (int v = 1; v <= e % 3; v++) {
                items.add(item(id, "JOB#v" + v, TITLES.get((e + v) % TITLES.size()) + "#" + name));
            }
            items.add(item(id, "HR_CONFIDENTIAL", FIRST_DAY.minusDays(7L * e).toString(), "salary", String.valueOf(40_000 + 100 * e)));
            items.add(item(id, warehouse(e), "EMP#" + name));
        }
        for (int c = 0; c < CUSTOMERS; c++) {
            String id = String.format("CUST#c%03d", c);
            items.add(item(id, id, "Customer " + c, "rep", employee(c)));
        }
        for (int o = 0; o < ORDERS; o++) {
            items.add(order(o));
        }
        for (int p = 0; p < PRODUCTS; p++) {
            String id = product(p);
            items.add(item(id, id, "TOTAL#" + 100 * WAREHOUSES, "quantity", String.valueOf(100 * WAREHOUSES)));
            for (int w = 0; w < WAREHOUSES; w++) {
                items.add(item(id, warehouse(w), "INV#" + id, "quantity", "100"));
            }
        }
        return items;
    }

    @Override
    public void setUp(DynamoDbClient metered) {
        this.client = metered;
    }

    private QueryRequest.Builder onGsi1(String partition) {
        return QueryRequest.builder().tableName(table).indexName("GSI1").expressionAttributeNames(Map.of("#sk", "SK"))
                .keyConditionExpression("#sk = :p").expressionAttributeValues(Map.of(":p", s(partition)));
    }

    private List<Map<String, AttributeValue>> between(String index, String partitionKey, String partition, String from, String to,
                                                      int limit) {
        return client.query(q -> q.tableName(table).indexName(index).limit(limit)
                .keyConditionExpression("#k = :p AND #d BETWEEN :from AND :to")
                .expressionAttributeNames(Map.of("#k", partitionKey, "#d", "Data"))
                .expressionAttributeValues(Map.of(":p", s(partition), ":from", s(from), ":to", s(to)))).items();
    }

    private Map<String, AttributeValue> get(String pk, String sk, boolean strong) {
        return client.getItem(g -> g.tableName(table).key(Map.of("PK", s(pk), "SK", s(sk))).consistentRead(strong)).item();
    }

    @Override
    public List<DynamoPattern> patterns() {
        List<DynamoPattern> patterns = new ArrayList<>(published());
        patterns.addAll(wrongOnPurpose());
        return patterns;
    }

    /** The guide's access patterns, as its design serves them. */
    private List<DynamoPattern> published() {
        return List.of(
                DynamoPattern.of("AP1", "Look up an employee's details by employee ID").rate(Rate.perSecond(1_000))
                        .plan(DynamoPlan.getItem(table).stronglyConsistent())
                        .servedBy("e007", () -> get(employee(7), "EMPLOYEE", true)),
                DynamoPattern.of("AP2", "Query employee details by employee name").rate(Rate.perSecond(20))
                        .plan(DynamoPlan.queryIndex(table, "GSI1", "SK = EMPLOYEE AND begins_with(Data, :name)", 5))
                        .servedBy("Ana Silva 12", () -> client.query(onGsi1("EMPLOYEE").limit(5)
                                .keyConditionExpression("#sk = :p AND begins_with(#d, :name)").expressionAttributeNames(DATA)
                                .expressionAttributeValues(Map.of(":p", s("EMPLOYEE"), ":name", s("Ana Silva 12"))).build()).items()),
                DynamoPattern.of("AP3", "Get an employee's current job details only").rate(Rate.perSecond(100))
                        .plan(DynamoPlan.getItem(table))
                        .servedBy("e007", () -> get(employee(7), "JOB#CURRENT", false)),
                DynamoPattern.of("AP4", "Get open orders for a customer in a date range").rate(Rate.perSecond(600))
                        .plan(DynamoPlan.queryIndex(table, "GSI1", "SK = :customer AND Data BETWEEN OPEN#:from AND OPEN#:to", 50))
                        .servedBy("big customer, October", () -> between("GSI1", "SK", "CUST#c000", "OPEN#2026-10-01", "OPEN#2026-10-31", 50))
                        .servedBy("small customer, October", () -> between("GSI1", "SK", "CUST#c005", "OPEN#2026-10-01",
                                "OPEN#2026-10-31", 50)),
                DynamoPattern.of("AP5", "Show all open orders in a date range across all customers").rate(Rate.perSecond(500))
                        .plan(DynamoPlan.queryIndex(table, "GSI2", "Shard = SHARD#n AND Data BETWEEN OPEN#:from AND OPEN#:to", 100)
                                .walking(SHARDS, 100, "the open orders are written to " + SHARDS + " shards of GSI2, read one by one"))
                        .servedBy("first week of October", () -> {
                            List<Map<String, AttributeValue>> all = new ArrayList<>();
                            for (int shard = 0; shard < SHARDS; shard++) {
                                all.addAll(between("GSI2", "Shard", "SHARD#" + shard, "OPEN#2026-10-01", "OPEN#2026-10-07", 25));
                            }
                            return all;
                        }),
                DynamoPattern.of("AP6", "All employees hired recently").rate(Rate.perSecond(1))
                        .plan(DynamoPlan.queryIndex(table, "GSI1", "SK = HR_CONFIDENTIAL AND Data > :date", 50))
                        .servedBy("last 60 days", () -> client.query(onGsi1("HR_CONFIDENTIAL").limit(50)
                                .keyConditionExpression("#sk = :p AND #d > :date").expressionAttributeNames(DATA)
                                .expressionAttributeValues(Map.of(":p", s("HR_CONFIDENTIAL"), ":date", s(FIRST_DAY.minusDays(60).toString())))
                                .build()).items()),
                DynamoPattern.of("AP7", "Find all employees in a specific warehouse").rate(Rate.perSecond(5))
                        .plan(DynamoPlan.queryIndex(table, "GSI1", "SK = :warehouse AND begins_with(Data, EMP#)", 25))
                        .servedBy("w03", () -> client.query(onGsi1(warehouse(3)).limit(25)
                                .keyConditionExpression("#sk = :p AND begins_with(#d, :emp)").expressionAttributeNames(DATA)
                                .expressionAttributeValues(Map.of(":p", s(warehouse(3)), ":emp", s("EMP#"))).build()).items()),
                DynamoPattern.of("AP12", "Get inventory by product and warehouse").rate(Rate.perSecond(300))
                        .plan(DynamoPlan.getItem(table))
                        .servedBy("p04 in w02", () -> get(product(4), warehouse(2), false)),
                DynamoPattern.of("AP13", "Get total product inventory, for a page of products").rate(Rate.perSecond(600))
                        .plan(DynamoPlan.batchGet(table, 10))
                        .servedBy("10 products", () -> client.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder()
                                .keys(IntStream.range(0, 10).mapToObj(p -> Map.of("PK", s(product(p)), "SK", s(product(p))))
                                        .toList()).build()))).responses()),
                DynamoPattern.of("W1", "Place an order and take it from a warehouse's inventory").rate(Rate.perSecond(200))
                        .plan(DynamoPlan.transactWrite(table, 2)).writing(order(ORDERS + 3))
                        .servedBy("order o0423", () -> client.transactWriteItems(t -> t.transactItems(
                                TransactWriteItem.builder().put(p -> p.tableName(table).item(order(ORDERS + 3))).build(),
                                TransactWriteItem.builder().update(u -> u.tableName(table)
                                        .key(Map.of("PK", s(product(ORDERS + 3)), "SK", s(warehouse(1))))
                                        .updateExpression("SET quantity = quantity - :one")
                                        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))).build()))),
                DynamoPattern.of("B1", "Export every employee's HR record for the monthly payroll").rate(Rate.perMonth(1))
                        .plan(DynamoPlan.scan(table, 2_000, "the payroll run reads everything once a month, off the request path"))
                        .servedBy("payroll", () -> client.scanPaginator(s -> s.tableName(table)).items().stream().count()));
    }

    /** One pattern wrong on purpose for each rule. */
    private List<DynamoPattern> wrongOnPurpose() {
        return List.of(
                DynamoPattern.of("X1", "A customer's open orders, then their products").rate(Rate.perSecond(800))
                        .plan(DynamoPlan.queryIndex(table, "GSI1", "SK = :customer AND begins_with(Data, OPEN#)", 50)
                                .then(DynamoPlan.batchGet(table, 50))),
                DynamoPattern.of("X2", "A customer's whole order history, kept as a list in one item").rate(Rate.perSecond(50))
                        .plan(DynamoPlan.getItem(table)).sized(600 * 1024, 1),
                DynamoPattern.of("X3", "Record an open order under the one key STATUS#OPEN").rate(Rate.perSecond(1_500))
                        .plan(DynamoPlan.put(table)).busiestKey(Rate.perSecond(1_500)).writing(order(3)),
                DynamoPattern.of("X4", "Keep an employee's resume on the employee item").rate(Rate.perSecond(10))
                        .plan(DynamoPlan.put(table)).writing(item(employee(1), "EMPLOYEE", "John Smith 1", "resume", "x".repeat(3_500))),
                DynamoPattern.of("X5", "Orders above an amount").rate(Rate.perSecond(5))
                        .plan(DynamoPlan.scan(table, 2_000, "reads every order and keeps those above the amount")),
                DynamoPattern.of("X6", "A customer's open orders, planned as one page").rate(Rate.perSecond(100))
                        .plan(DynamoPlan.queryIndex(table, "GSI1", "SK = :customer", 20))
                        .servedBy("big customer", () -> client.queryPaginator(onGsi1("CUST#c000").limit(20).build()).items().stream()
                                .filter(o -> o.get("Data").s().startsWith("OPEN#")).toList()),
                DynamoPattern.of("X7", "A customer's open orders, filtered").rate(Rate.perSecond(100))
                        .plan(DynamoPlan.queryIndex(table, "GSI1", "SK = :customer", 100))
                        .servedBy("big customer", () -> client.query(onGsi1("CUST#c000").filterExpression("begins_with(#d, :open)")
                                .expressionAttributeNames(DATA)
                                .expressionAttributeValues(Map.of(":p", s("CUST#c000"), ":open", s("OPEN#"))).build()).items()),
                DynamoPattern.of("X8", "An employee's warehouse right after a transfer").rate(Rate.perSecond(20))
                        .plan(DynamoPlan.queryIndex(table, "GSI1", "SK = :warehouse AND Data = EMP#:name", 1).stronglyConsistent())
                        .servedBy("e003 in w03", () -> client.query(onGsi1(warehouse(3)).limit(1)
                                .keyConditionExpression("#sk = :p AND #d = :name").expressionAttributeNames(DATA)
                                .expressionAttributeValues(Map.of(":p", s(warehouse(3)), ":name", s("EMP#" + NAMES.get(3) + " 3")))
                                .build()).items()));
    }
}
