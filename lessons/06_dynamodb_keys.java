///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN dynamodb_keys
//DESCRIPTION Lesson 06: keys in DynamoDB: one Query per question, buckets, an index by author, limits, transactions

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import workshop.kit.chart.CostChart;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.CapacityUnits;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.ItemSize;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;
import workshop.kit.ids.Snowflake;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class dynamodb_keys {

    /** A partition's write ceiling AWS publishes: 1,000 write units a second. */
    static final int PARTITION_WRITE_UNITS_PER_SECOND = 1_000;
    static final int MAX_TRANSACTION_ACTIONS = 100;
    static final Instant ORDERS_START = Instant.parse("2025-01-06T08:00:00Z");

    static Dynamo dynamo;
    static MeteredClient db;
    static String orders;
    static String messages;
    static String chats;

    /** Each section adds what it measured. */
    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(dynamodb_keys::run);
    }

    static void run() {
        Story.title("06", "keys in DynamoDB");
        Story.say("""
                DynamoDB asks the same question Cassandra does: which key does each question name? The
                partition key is hashed to pick the partition that holds an item; the sort key orders the
                items inside that partition. A Query names one partition key and reads its items in sort
                order, stopping at Limit. A Scan reads the whole table, and a filter only hides what it read.""");
        dynamo = Dynamo.findOrStart();
        Story.say("""
                Tables here live in %s. Read and write units below are computed from AWS's published
                formula: an item's size from its attribute names and values, 4 KB per read unit (half for
                an eventually consistent read), 1 KB per write unit, twice either inside a transaction.
                An emulator does not bill faithfully, so it is not asked.%s""", dynamo.describe(),
                dynamo.realAws() ? " AWS's own ConsumedCapacity is shown in brackets beside it." : "");
        orders = dynamo.table("lesson06_orders");
        messages = dynamo.table("lesson06_messages");
        chats = dynamo.table("lesson06_chats");
        try (MeteredClient client = dynamo.meteredClient()) {
            db = client;
            createTables();
            ordersInOnePartition();
            scanAsTheTableGrows();
            messagesInBuckets();
            messagesByAuthor();
            limits();
            chatListTransaction();
        }
        RECAP.print("./jbang check 06   (exercises/src/main/java/workshop/lesson06), then ./jbang lesson07");
    }

    static void createTables() {
        Tables.recreate(dynamo, db.plain(), Tables.keyed(orders, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
        Tables.recreate(dynamo, db.plain(), Tables.keyed(messages, "pk", ScalarAttributeType.S, "message_id", ScalarAttributeType.N)
                .attributeDefinitions(Tables.attribute("pk", ScalarAttributeType.S), Tables.attribute("message_id", ScalarAttributeType.N),
                        Tables.attribute("author_id", ScalarAttributeType.S))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("by_author")
                        .keySchema(Tables.key("author_id", KeyType.HASH), Tables.key("message_id", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build())
                .build());
        Tables.recreate(dynamo, db.plain(), Tables.keyed(chats, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
    }

    // ---------------------------------------------------------------------------------------------

    static void ordersInOnePartition() {
        Story.section("Orders under the customer's key: the 20 newest in one Query");
        Story.say("""
                A shop keeps each customer's items in one partition: pk "CUST#7". The profile has sk
                "PROFILE"; each order has sk "ORDER#" + the time it was placed (fixed width, so text order is
                time order) + its id. Customer 7 has 60 orders; a few other customers have a profile and 9 orders each.""");
        loadCustomer(7, 60);
        loadOtherCustomers(0, 4);
        Metered<QueryResponse> newest = db.measure(() -> db.client().query(newestOrders(7)));
        Metered<QueryResponse> page = db.measure(() -> db.client().query(q -> q.tableName(orders)
                .keyConditionExpression("pk = :pk").expressionAttributeValues(Map.of(":pk", fromS("CUST#7")))
                .scanIndexForward(false).limit(21)));
        TextTable.of("Query (pk, then the sort key newest first)", "requests", "items read", "items returned",
                        "read units")
                .row("CUST#7, begins_with(sk, ORDER#), Limit 20", newest.cost().requests(),
                        newest.cost().itemsRead(), newest.cost().itemsReturned(), newest.cost().readUnitsText())
                .row("CUST#7, Limit 21", page.cost().requests(), page.cost().itemsRead(),
                        page.cost().itemsReturned(), page.cost().readUnitsText())
                .print();
        List<Map<String, AttributeValue>> items = page.value().items();
        Story.say("""
                The first query returns %s down to %s: newest first, and the read stopped at the limit.
                The second returns %s first, then the same 20 orders. "PROFILE" sorts after every "ORDER#...",
                so reading the partition backwards meets the profile and then the newest orders: the
                customer page needs no join, because the key stored what is read together in one place.""",
                newest.value().items().get(0).get("sk").s(), newest.value().items().get(19).get("sk").s(),
                items.get(0).get("sk").s());
    }

    // tag::query-newest-orders[]
    static QueryRequest newestOrders(int customer) {
        return QueryRequest.builder().tableName(orders)
                .keyConditionExpression("pk = :pk AND begins_with(sk, :order)")
                .expressionAttributeValues(Map.of(":pk", fromS("CUST#" + customer), ":order", fromS("ORDER#")))
                .scanIndexForward(false).limit(20).build();
    }
    // end::query-newest-orders[]

    static void scanAsTheTableGrows() {
        Story.section("The same question by Scan with a filter, as the table grows");
        Story.say("""
                Without the key, the app scans: FilterExpression pk = CUST#7 AND begins_with(sk, ORDER#), every
                page until LastEvaluatedKey is absent, then sort and keep 20. Count is what the filter let
                through; ScannedCount is what the store read, and reads are what you pay for.""");
        CostChart chart = new CostChart("Customer 7's 20 newest orders: items read as the table grows",
                "items in the table", "items read").logarithmic();
        TextTable growth = TextTable.of("items in table", "Query: items read", "read units", "Scan: requests",
                "ScannedCount", "Count", "read units");
        int loaded = 4;
        DynamoCost lastQuery = null;
        DynamoCost lastScan = null;
        for (int others : new int[] {4, 94, 994}) {
            if (others > loaded) {
                loadOtherCustomers(loaded, others);
                loaded = others;
            }
            DynamoCost query = db.measure(() -> db.client().query(newestOrders(7))).cost();
            Metered<List<String>> scan = db.measure(dynamodb_keys::newestOrdersByScan);
            if (!scan.value().equals(db.plain().query(newestOrders(7)).items().stream().map(i -> i.get("sk").s()).toList())) {
                throw new IllegalStateException("the scan and the query disagree: " + scan.value());
            }
            DynamoCost s = scan.cost();
            lastQuery = query;
            lastScan = s;
            growth.row(s.itemsRead(), query.itemsRead(), query.readUnitsText(), s.requests(), s.itemsRead(), s.itemsReturned(),
                    s.readUnitsText());
            chart.point("Query on the partition key", s.itemsRead(), query.itemsRead());
            chart.point("Scan with a filter", s.itemsRead(), s.itemsRead());
        }
        growth.print();
        RECAP.line("20 newest orders: the Query read %d items at every size; the Scan read the whole table,"
                + " %,d items at the largest", lastQuery.itemsRead(), lastScan.itemsRead());
        Story.say("""
                Both find the same 20 orders. The Query reads 20 items at every size; the Scan reads the whole
                table, page after page (a page stops at 1 MB of data read), and its bill grows with the table,
                not with the answer. Chart: %s""", chart.save("lesson06-scan-vs-query"));
    }

    /** The app without a key: every page of a filtered scan, then sort and keep 20. */
    // tag::scan-with-filter[]
    static List<String> newestOrdersByScan() {
        List<String> found = new ArrayList<>();
        for (ScanResponse page : db.client().scanPaginator(s -> s.tableName(orders)
                .filterExpression("pk = :pk AND begins_with(sk, :order)")
                .expressionAttributeValues(Map.of(":pk", fromS("CUST#7"), ":order", fromS("ORDER#"))))) {
            page.items().forEach(item -> found.add(item.get("sk").s()));
        }
        return found.stream().sorted(Comparator.reverseOrder()).limit(20).toList();
    }
    // end::scan-with-filter[]

    /** Customer 7 and customers 1000+from .. 1000+to-1: a profile, then the orders. */
    static void loadCustomer(int customer, int orderCount) {
        BatchLoader.put(db.plain(), orders, "customer " + customer, orderCount + 1L, i -> customerItem(customer, (int) i, orderCount));
    }

    static void loadOtherCustomers(int from, int to) {
        BatchLoader.put(db.plain(), orders, "customers " + (1_000 + from) + " to " + (999 + to), (to - from) * 10L,
                i -> customerItem(1_000 + from + (int) (i / 10), (int) (i % 10), 9));
    }

    /** Item 0 of a customer is the profile; item k is order k-1, placed 90 minutes after the one before. */
    static Map<String, AttributeValue> customerItem(int customer, int item, int orderCount) {
        if (item == 0) {
            return Map.of("pk", fromS("CUST#" + customer), "sk", fromS("PROFILE"), "name", fromS("Customer " + customer),
                    "email", fromS("customer" + customer + "@example.com"));
        }
        int o = item - 1;
        String placed = ORDERS_START.plusSeconds(5_400L * o + customer).toString().replace("Z", ".000Z");
        return Map.of("pk", fromS("CUST#" + customer), "sk", fromS("ORDER#" + placed + "#o" + o),
                "status", fromS(o < orderCount - 3 ? "delivered" : "shipped"), "total_cents", fromN(Long.toString(1_250 + 95L * o)),
                "lines", fromS((o % 4 + 1) + " x coffee beans 1 kg, " + (o % 3 + 1) + " x paper filters"));
    }

    // ---------------------------------------------------------------------------------------------

    /** Lesson 03's ten-day buckets: the bucket of a snowflake id is its milliseconds over ten days. */
    static final long BUCKET_MILLIS = 10L * 24 * 60 * 60 * 1000;
    static final long NOW_BUCKET = bucketAt(Instant.now());
    static final String[] AUTHORS = {"ana", "ben", "cy", "dee"};
    /** Channel ids are snowflakes too: "general" was created nine buckets (90 days) ago. */
    static final long GENERAL = Snowflake.firstIdAt(bucketStart(NOW_BUCKET - 9)) + 1;
    static final long RANDOM = Snowflake.firstIdAt(bucketStart(NOW_BUCKET - 9)) + 2;
    static final long HELP = Snowflake.firstIdAt(bucketStart(NOW_BUCKET - 9)) + 3;
    static final Map<Long, String> CHANNEL_NAMES = Map.of(GENERAL, "general", RANDOM, "random", HELP, "help");

    static long bucketOf(long snowflakeId) {
        return (snowflakeId >> Snowflake.TIME_SHIFT) / BUCKET_MILLIS;
    }

    static long bucketAt(Instant instant) {
        return (instant.toEpochMilli() - Snowflake.EPOCH_MILLIS) / BUCKET_MILLIS;
    }

    static Instant bucketStart(long bucket) {
        return Instant.ofEpochMilli(Snowflake.EPOCH_MILLIS + bucket * BUCKET_MILLIS);
    }

    /** One query of a page: which bucket, what Limit, what came back, and whether LastEvaluatedKey was there. */
    record Step(long bucket, int limit, int returned, boolean more) {}

    /** A page of messages, the queries that made it, and where the next page starts (null bucket: nothing older). */
    record Page(List<Map<String, AttributeValue>> items, List<Step> steps, Long nextBucket, Map<String, AttributeValue> nextKey) {}

    static void messagesInBuckets() {
        Story.section("Messages the Discord way: pk \"channel:bucket\", sk the message id");
        Story.say("""
                A channel's messages would make one ever-growing partition, so the partition key carries a
                bucket too: ten days of messages, computed from the message's snowflake id (no lookup). The
                sort key is the message id, so a bucket reads newest first. Channel general (created 90 days
                ago) has 12 messages in the current bucket, nothing in the two before, then 160 and 60. In
                the tables, "general:%d" stands for the key "<general's snowflake id>:%d".""", NOW_BUCKET, NOW_BUCKET);
        send(GENERAL, NOW_BUCKET, 12);
        send(GENERAL, NOW_BUCKET - 3, 160);
        send(GENERAL, NOW_BUCKET - 4, 60);
        Metered<Page> first = db.measure(() -> page(GENERAL, 50, NOW_BUCKET, null));
        List<Step> walk = first.value().steps();
        TextTable steps = TextTable.of("query", "partition", "Limit", "items returned", "LastEvaluatedKey");
        for (int i = 0; i < walk.size(); i++) {
            Step step = walk.get(i);
            steps.row(i + 1, "general:" + step.bucket(), step.limit(), step.returned(),
                    step.more() ? "present: the next page continues here" : "absent: step back a bucket");
        }
        steps.print();
        Story.say("""
                The newest 50 took %s request(s), read %d items and cost %s read units: the current bucket
                gave %d, %d quiet bucket(s) gave nothing (each still costs the smallest read), and the last
                gave the %d still missing, with Limit lowered to what the page needed, so nothing was read
                and thrown away.""",
                first.cost().requestsText(), first.cost().itemsRead(), first.cost().readUnitsText(), walk.get(0).returned(),
                walk.stream().filter(step -> step.returned() == 0).count(), walk.get(walk.size() - 1).returned());
        RECAP.line("a channel's newest 50 across 10-day buckets: %s request(s), %d items read",
                first.cost().requestsText(), first.cost().itemsRead());

        Story.say("""
                Paging on: each page starts where the last stopped, inside a bucket (LastEvaluatedKey) or at
                the top of an older one, and the walk never goes past the bucket the channel was created in.""");
        TextTable pages = TextTable.of("page", "queries", "items read", "items returned", "next page starts");
        Page page = first.value();
        DynamoCost cost = first.cost();
        int total = 0;
        int number = 1;
        for (; ; number++) {
            total += page.items().size();
            pages.row(number, cost.queries(), cost.itemsRead(), cost.itemsReturned(), page.nextBucket() == null
                    ? "nowhere: the channel's first bucket is done"
                    : "general:" + page.nextBucket() + (page.nextKey() == null ? ", at its newest" : ", after LastEvaluatedKey"));
            if (page.nextBucket() == null) {
                break;
            }
            Page previous = page;
            Metered<Page> next = db.measure(() -> page(GENERAL, 50, previous.nextBucket(), previous.nextKey()));
            page = next.value();
            cost = next.cost();
        }
        pages.print();
        Story.say("""
                %d messages in %d pages. The last page's final query came back without LastEvaluatedKey in the
                channel's first bucket, so there is no next page: a client pages until the cursor is absent,
                never until a page comes back short (a page is short whenever buckets are quiet).""",
                total, number);
    }

    /** One page of a channel, newest first, from a bucket and an optional start key, walking back as needed. */
    static Page page(long channel, int size, long bucket, Map<String, AttributeValue> startKey) {
        List<Map<String, AttributeValue>> found = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        long oldest = bucketOf(channel);
        while (found.size() < size && bucket >= oldest) {
            int limit = size - found.size();
            QueryResponse response = db.client().query(channelBucket(channel, bucket).exclusiveStartKey(startKey).limit(limit).build());
            found.addAll(response.items());
            boolean more = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty();
            steps.add(new Step(bucket, limit, response.items().size(), more));
            startKey = more ? response.lastEvaluatedKey() : null;
            bucket = more ? bucket : bucket - 1;
        }
        return new Page(found, steps, bucket < oldest ? null : bucket, startKey);
    }

    static QueryRequest.Builder channelBucket(long channel, long bucket) {
        return QueryRequest.builder().tableName(messages)
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", fromS(channel + ":" + bucket)))
                .scanIndexForward(false);
    }

    /** count messages in a bucket, spread evenly from its start (or up to now, for the current one). */
    static void send(long channel, long bucket, int count) {
        Instant start = bucketStart(bucket);
        Instant end = bucket == NOW_BUCKET ? Instant.now() : start.plusSeconds(3_600L * count);
        long step = Math.max(1, (end.toEpochMilli() - start.toEpochMilli()) / (count + 1));
        BatchLoader.put(db.plain(), messages, CHANNEL_NAMES.get(channel) + " bucket " + bucket, count, i -> {
            long id = Snowflake.firstIdAt(start.plusMillis(step * (i + 1))) + i % 4096;
            return messageItem(channel + ":" + bucket, id, AUTHORS[(int) (i % AUTHORS.length)], "message " + i + " in " + CHANNEL_NAMES.get(channel));
        });
    }

    static Map<String, AttributeValue> messageItem(String partition, long id, String author, String body) {
        return Map.of("pk", fromS(partition), "message_id", fromN(Long.toString(id)), "author_id", fromS(author), "body", fromS(body));
    }

    static void messagesByAuthor() {
        Story.section("All of one author's messages, across channels: an index with another key");
        Story.say("""
                "ana's newest 20 messages, in any channel" names no channel, so no partition of this table
                answers it. Two more channels get messages from the same four people, then the question is
                asked two ways.""");
        send(RANDOM, NOW_BUCKET - 1, 40);
        send(HELP, NOW_BUCKET - 2, 40);
        Metered<List<Long>> scanned = db.measure(() -> {
            List<Long> ids = new ArrayList<>();
            for (ScanResponse page : db.client().scanPaginator(s -> s.tableName(messages).filterExpression("author_id = :a")
                    .expressionAttributeValues(Map.of(":a", fromS("ana"))))) {
                page.items().forEach(item -> ids.add(Long.parseLong(item.get("message_id").n())));
            }
            return ids.stream().sorted(Comparator.reverseOrder()).limit(20).toList();
        });
        Metered<QueryResponse> indexed = newestByAuthor("ana");
        for (int wait = 0; !ids(indexed.value().items()).equals(scanned.value()); wait++) {
            if (wait == 30) {
                throw new IllegalStateException("the index still disagrees with the table after 30 s");
            }
            sleep(1_000); // on AWS the index can lag just after the load: it is updated asynchronously
            indexed = newestByAuthor("ana");
        }
        TextTable.of("ana's newest 20", "requests", "items read", "items returned", "read units")
                .row("Scan the table, filter author_id = ana", scanned.cost().requests(), scanned.cost().itemsRead(),
                        scanned.cost().itemsReturned(), scanned.cost().readUnitsText())
                .row("Query the index by_author", indexed.cost().requests(), indexed.cost().itemsRead(),
                        indexed.cost().itemsReturned(), indexed.cost().readUnitsText())
                .print();
        RECAP.line("ana's newest 20 across channels: the Scan read %,d items, the index by_author %d",
                scanned.cost().itemsRead(), indexed.cost().itemsRead());
        String refusal;
        try {
            db.plain().query(q -> q.tableName(messages).indexName("by_author").consistentRead(true)
                    .keyConditionExpression("author_id = :a").expressionAttributeValues(Map.of(":a", fromS("ana"))).limit(1));
            refusal = "accepted (this store does not enforce the rule)";
        } catch (DynamoDbException e) {
            refusal = "refused: \"" + e.awsErrorDetails().errorMessage() + "\"";
        }
        Map<String, AttributeValue> sample = indexed.value().items().get(0);
        double units = CapacityUnits.write(ItemSize.of(sample), false);
        Story.say("""
                The global secondary index by_author (partition key author_id, sort key message_id) is a
                second table that DynamoDB keeps for us, with the other key. It is written after the base
                table, asynchronously: just after a send, the index may not have the message yet. That is
                why a strongly consistent read of it is not offered; asking for one here was %s.

                It is not free either: a message item of %d bytes costs %s write unit(s) on the table and, with
                every attribute projected, %s more on the index. The other way is a second table the app
                writes itself, in the same transaction as the message: always in step, at twice the units
                (%s for the two items).""",
                refusal, ItemSize.of(sample), DynamoCost.format(units), DynamoCost.format(units),
                DynamoCost.format(2 * CapacityUnits.write(ItemSize.of(sample), true)));
    }

    static Metered<QueryResponse> newestByAuthor(String author) {
        return db.measure(() -> db.client().query(q -> q.tableName(messages).indexName("by_author")
                .keyConditionExpression("author_id = :a").expressionAttributeValues(Map.of(":a", fromS(author)))
                .scanIndexForward(false).limit(20)));
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static void limits() {
        Story.section("Limits: what the store refuses, and what it would throttle");
        Map<String, AttributeValue> huge = messageItem(GENERAL + ":" + NOW_BUCKET, 1, "ana", "x".repeat(450_000));
        Map<String, AttributeValue> large = messageItem(GENERAL + ":" + NOW_BUCKET, 2, "ana", "x".repeat(300_000));
        String hugeOutcome;
        try {
            db.plain().putItem(p -> p.tableName(messages).item(huge));
            hugeOutcome = "accepted (this store does not enforce the limit)";
        } catch (DynamoDbException e) {
            hugeOutcome = "refused: " + e.awsErrorDetails().errorMessage();
        }
        DynamoCost put = db.measure(() -> {
            db.client().putItem(p -> p.tableName(messages).item(large));
        });
        DynamoCost get = db.measure(() -> db.client().getItem(g -> g.tableName(messages).consistentRead(true)
                .key(Map.of("pk", large.get("pk"), "message_id", large.get("message_id"))))).cost();
        TextTable.of("item", "size (formula)", "stored", "write units", "read units (strong GetItem)")
                .row("450,000-character body", String.format("%,d bytes", ItemSize.of(huge)),
                        hugeOutcome.startsWith("accepted") ? "yes" : "no", "-", "-")
                .row("300,000-character body", String.format("%,d bytes", ItemSize.of(large)), "yes", put.writeUnitsText(),
                        get.readUnitsText())
                .print();
        Story.say("The 450,000-character item was %s.", hugeOutcome);
        db.plain().deleteItem(d -> d.tableName(messages).key(Map.of("pk", large.get("pk"), "message_id", large.get("message_id"))));
        Story.say("""
                An item holds at most 400 KB (409,600 bytes), names included. Long before that, size is a
                bill: every write of the 300 KB item costs as much as %s small ones, and so does every strong
                read of it, a quarter as many. Big payloads go to object storage, with a pointer in the item.""",
                put.writeUnitsText());

        Map<String, AttributeValue> typical = messageItem(GENERAL + ":" + NOW_BUCKET, Snowflake.firstIdAt(Instant.now()), "ana",
                "see you at the launch party tonight!");
        double unitsPerMessage = CapacityUnits.write(ItemSize.of(typical), false);
        int ceiling = (int) (PARTITION_WRITE_UNITS_PER_SECOND / unitsPerMessage);
        int launchRate = 5_000;
        int shards = (int) Math.ceil(launchRate * unitsPerMessage / PARTITION_WRITE_UNITS_PER_SECOND);
        Story.say("""
                Throttling is not something an emulator shows, so here it is computed. AWS publishes that one
                partition serves at most %,d write units a second. A typical message item is %d bytes, %s
                write unit(s), so one partition key takes at most %,d messages a second, however much
                capacity the table has: capacity is spread over partitions, and a key lives in exactly one.
                A launch channel expecting %,d messages a second needs its writes spread over %d keys:
                write sharding, pk "launch:bucket#s" with s = message id mod %d. Reads pay for it.""",
                PARTITION_WRITE_UNITS_PER_SECOND, ItemSize.of(typical), DynamoCost.format(unitsPerMessage), ceiling, launchRate,
                shards, shards);
        long launch = Snowflake.firstIdAt(bucketStart(NOW_BUCKET)) + 4;
        int count = 1_000;
        BatchLoader.put(db.plain(), messages, "launch messages, one key and sharded", 2L * count, i -> {
            long id = Snowflake.firstIdAt(bucketStart(NOW_BUCKET).plusMillis(i / 2)); // one a millisecond
            String partition = launch + ":" + NOW_BUCKET + (i % 2 == 0 ? "" : "#" + (id >> Snowflake.TIME_SHIFT) % shards);
            return messageItem(partition, id, AUTHORS[(int) (i / 2 % AUTHORS.length)], "launch message " + i / 2);
        });
        Metered<List<Long>> one = db.measure(() -> ids(db.client().query(q -> q.tableName(messages).keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", fromS(launch + ":" + NOW_BUCKET))).scanIndexForward(false).limit(50)).items()));
        Metered<List<Long>> sharded = db.measure(() -> IntStream.range(0, shards).boxed()
                .flatMap(shard -> ids(db.client().query(q -> q.tableName(messages).keyConditionExpression("pk = :pk")
                        .expressionAttributeValues(Map.of(":pk", fromS(launch + ":" + NOW_BUCKET + "#" + shard)))
                        .scanIndexForward(false).limit(50)).items()).stream())
                .sorted(Comparator.reverseOrder()).limit(50).toList());
        if (!one.value().equals(sharded.value())) {
            throw new IllegalStateException("sharded and unsharded reads disagree");
        }
        TextTable.of("launch channel", "write ceiling (computed)", "queries for the newest 50", "items read", "read units")
                .row("one key", String.format("%,d/s", ceiling), one.cost().queries(), one.cost().itemsRead(), one.cost().readUnitsText())
                .row(shards + " shards", String.format("%,d/s", ceiling * shards), sharded.cost().queries(), sharded.cost().itemsRead(),
                        sharded.cost().readUnitsText())
                .print();
        Story.say("""
                Same 50 messages. The sharded key takes %d times the writes, and the newest-50 read asks
                every shard for 50 because any of them may hold the newest: %d queries, %d items read to
                return 50. Shard only the keys that are hot, by as little as the write rate needs.""",
                shards, sharded.cost().queries(), sharded.cost().itemsRead());
        RECAP.line("one key takes at most %,d messages/s (computed); %d shards lift it, and the newest 50 then"
                + " take %d queries", ceiling, shards, sharded.cost().queries());
    }

    static List<Long> ids(List<Map<String, AttributeValue>> items) {
        return items.stream().map(i -> Long.parseLong(i.get("message_id").n())).toList();
    }

    static void chatListTransaction() {
        Story.section("Lesson 04's chat-list write as one transaction");
        Story.say("""
                A new message moves its chat to the top of each member's chat list. The list's sort key is
                the chat's last message id, and a key cannot change in place: the move is a delete of the old
                row and a put of the new one, per member. TransactWriteItems applies them with the message,
                all or nothing, after a ConditionCheck that the sender is a member and a conditional update
                of the chat's head (the last message id), so two sends cannot both move from the same row.""");
        createChat("pair", List.of("ana", "ben"));
        long hello = Snowflake.firstIdAt(Instant.now());
        List<TransactWriteItem> actions = sendActions("pair", "ana", 0, hello, "lunch at noon?", List.of("ana", "ben"));
        DynamoCost sent = db.measure(() -> {
            db.client().transactWriteItems(t -> t.transactItems(actions));
        });
        TextTable.of("send to a chat of two", "actions", "items written", "write units (transactional)")
                .row("1 transaction", actions.size(), sent.itemsWritten(), sent.writeUnitsText())
                .print();
        Story.say("Ana's chat list now starts with %s. A stranger tries the same chat:", chatList("ana").get(0));
        long before = itemsIn(chats);
        String outcome;
        try {
            db.client().transactWriteItems(t -> t.transactItems(sendActions("pair", "mallory", hello, hello + 1, "buy now", List.of("ana", "ben"))));
            outcome = "written";
        } catch (TransactionCanceledException cancelled) {
            outcome = "cancelled, reasons " + cancelled.cancellationReasons().stream().map(r -> r.code()).toList();
        }
        Story.say("""
                %s. Items in the table before and after: %,d and %,d. The ConditionCheck failed, so the
                message, the head and every row move were dropped together.""", outcome, before, itemsIn(chats));

        List<String> town = IntStream.rangeClosed(1, 100).mapToObj(i -> "resident" + i).toList();
        createChat("town-hall", town);
        long meeting = Snowflake.firstIdAt(Instant.now()) + 1;
        List<TransactWriteItem> tooMany = sendActions("town-hall", "resident1", 0, meeting, "meeting tonight", town);
        String refusal;
        try {
            db.client().transactWriteItems(t -> t.transactItems(tooMany));
            refusal = "accepted (this store does not enforce the limit)";
        } catch (DynamoDbException e) {
            refusal = "refused: \"" + e.awsErrorDetails().errorMessage() + "\"";
        }
        Story.say("""
                A group of 100 needs %d actions (ConditionCheck, head, message, and a delete and a put per
                member); one transaction takes at most %d. Sent anyway, it is %s""", tooMany.size(),
                MAX_TRANSACTION_ACTIONS, refusal);
        RECAP.line("a send to a chat of two: 1 transaction of %d actions; a group of 100 needs %d, over the limit"
                + " of %d: a fan-out job instead", actions.size(), tooMany.size(), MAX_TRANSACTION_ACTIONS);

        int crashAfter = 40;
        Story.say("""
                The way out: a small transaction writes the message and a fan-out job; a worker then moves
                each member's row in its own two-action transaction. Each move is idempotent (delete the
                row at the old key, put the row at the new one), so a worker that dies half-way is simply
                run again. Here the first run stops after %d members.""", crashAfter);
        TextTable fanOut = TextTable.of("step", "write requests", "items written", "write units");
        List<TransactWriteItem> start = new ArrayList<>(sendActions("town-hall", "resident1", 0, meeting, "meeting tonight", List.of()));
        start.add(TransactWriteItem.builder().put(p -> p.tableName(chats).item(Map.of("pk", fromS("FANOUT"),
                "sk", fromS(meeting + "#town-hall"), "chat_id", fromS("town-hall"), "previous", fromN("0"),
                "message_id", fromN(Long.toString(meeting)), "preview", fromS("meeting tonight")))).build());
        DynamoCost queued = db.measure(() -> {
            db.client().transactWriteItems(t -> t.transactItems(start));
        });
        fanOut.row("message, head and job: 1 transaction of " + start.size() + " actions", writeRequests(queued),
                queued.itemsWritten(), queued.writeUnitsText());
        DynamoCost crashed = db.measure(() -> runFanOut(crashAfter));
        fanOut.row("worker, first run (stops after " + crashAfter + " members)", writeRequests(crashed), crashed.itemsWritten(),
                crashed.writeUnitsText());
        DynamoCost rerun = db.measure(() -> runFanOut(Integer.MAX_VALUE));
        fanOut.row("worker, run again (100 moves, then deletes the job)", writeRequests(rerun), rerun.itemsWritten(),
                rerun.writeUnitsText());
        fanOut.print();
        long onTop = town.stream().map(dynamodb_keys::chatList).filter(list -> list.get(0).equals("town-hall@" + meeting)
                && list.stream().filter(chat -> chat.startsWith("town-hall@")).count() == 1).count();
        Story.say("""
                %d of %d members now have town-hall on top, each exactly once: the %d rows moved twice were
                put at the same key again. Until the worker finishes, some lists lag behind the message, the
                same brief disagreement a global secondary index has; the message itself, in its own
                partition, stays the one source of truth the lists can be rebuilt from.""", onTop, town.size(), crashAfter);
    }

    static int writeRequests(DynamoCost cost) {
        return cost.requests("TransactWriteItems") + cost.requests("DeleteItem");
    }

    /** The chat's head, one item per member, and each member's chat-list row at message id 0. */
    static void createChat(String chat, List<String> members) {
        BatchLoader.put(db.plain(), chats, "chat " + chat, 1 + 2L * members.size(), i -> i == 0
                ? Map.of("pk", fromS("CHAT#" + chat), "sk", fromS("HEAD"), "last_message_id", fromN("0"))
                : i % 2 == 1 ? Map.of("pk", fromS("CHAT#" + chat), "sk", fromS("MEMBER#" + members.get((int) (i - 1) / 2)))
                : listRow(members.get((int) (i - 1) / 2), chat, 0, ""));
    }

    /** ConditionCheck (sender is a member), head moved from previous, the message, then each member's row move. */
    static List<TransactWriteItem> sendActions(String chat, String sender, long previous, long message, String body, List<String> members) {
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(TransactWriteItem.builder().conditionCheck(c -> c.tableName(chats).conditionExpression("attribute_exists(pk)")
                .key(Map.of("pk", fromS("CHAT#" + chat), "sk", fromS("MEMBER#" + sender)))).build());
        actions.add(TransactWriteItem.builder().update(u -> u.tableName(chats).key(Map.of("pk", fromS("CHAT#" + chat), "sk", fromS("HEAD")))
                .updateExpression("SET last_message_id = :now").conditionExpression("last_message_id = :before")
                .expressionAttributeValues(Map.of(":now", fromN(Long.toString(message)), ":before", fromN(Long.toString(previous))))).build());
        actions.add(TransactWriteItem.builder().put(p -> p.tableName(chats).item(Map.of("pk", fromS("CHAT#" + chat),
                "sk", fromS("MSG#" + message), "sender_id", fromS(sender), "body", fromS(body)))).build());
        members.forEach(member -> actions.addAll(moveRow(member, chat, previous, message, body)));
        return actions;
    }

    static List<TransactWriteItem> moveRow(String member, String chat, long previous, long message, String preview) {
        return List.of(
                TransactWriteItem.builder().delete(d -> d.tableName(chats)
                        .key(Map.of("pk", fromS("USER#" + member), "sk", fromS(String.format("%019d#%s", previous, chat))))).build(),
                TransactWriteItem.builder().put(p -> p.tableName(chats).item(listRow(member, chat, message, preview))).build());
    }

    static Map<String, AttributeValue> listRow(String member, String chat, long message, String preview) {
        return Map.of("pk", fromS("USER#" + member), "sk", fromS(String.format("%019d#%s", message, chat)),
                "chat_id", fromS(chat), "last_message_id", fromN(Long.toString(message)), "preview", fromS(preview));
    }

    /** The worker: for each queued job, move each member's row (at most moves of them), then delete the job. */
    static void runFanOut(int moves) {
        int done = 0;
        for (Map<String, AttributeValue> job : db.client().query(q -> q.tableName(chats).keyConditionExpression("pk = :q")
                .expressionAttributeValues(Map.of(":q", fromS("FANOUT")))).items()) {
            String chat = job.get("chat_id").s();
            List<String> members = db.client().query(q -> q.tableName(chats).keyConditionExpression("pk = :c AND begins_with(sk, :m)")
                    .expressionAttributeValues(Map.of(":c", fromS("CHAT#" + chat), ":m", fromS("MEMBER#")))).items().stream()
                    .map(i -> i.get("sk").s().substring("MEMBER#".length())).toList();
            for (String member : members) {
                if (done++ == moves) {
                    return; // the worker dies here; the job stays queued
                }
                db.client().transactWriteItems(t -> t.transactItems(moveRow(member, chat, Long.parseLong(job.get("previous").n()),
                        Long.parseLong(job.get("message_id").n()), job.get("preview").s())));
            }
            db.client().deleteItem(d -> d.tableName(chats).key(Map.of("pk", job.get("pk"), "sk", job.get("sk"))));
        }
    }

    /** The user's chats, newest first, as "chat@last message id". */
    static List<String> chatList(String user) {
        return db.plain().query(q -> q.tableName(chats).keyConditionExpression("pk = :u")
                .expressionAttributeValues(Map.of(":u", fromS("USER#" + user))).scanIndexForward(false)).items().stream()
                .map(i -> i.get("chat_id").s() + "@" + i.get("last_message_id").n()).toList();
    }

    static long itemsIn(String table) {
        return db.plain().scanPaginator(s -> s.tableName(table).select(Select.COUNT)).stream().mapToLong(ScanResponse::count).sum();
    }
}
