///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/chart/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/shop/*.java
//SOURCES given/workshop/lesson06/*.java
//SOURCES .meta/solution/workshop/lesson06/*.java
//MAIN dynamodb_keys
//DESCRIPTION Lesson 06: keys in DynamoDB: one Query per question, buckets, an index by author, transactions

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import workshop.fixtures.chart.CostChart;
import workshop.fixtures.ids.Snowflake;
import workshop.fixtures.ids.SpreadIds;
import workshop.fixtures.shop.CustomerOrders;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson06.ChannelBuckets;
import workshop.lesson06.ChannelMessage;
import workshop.lesson06.ChannelMessages;
import workshop.lesson06.ChatListEntry;
import workshop.lesson06.ChatLists;
import workshop.lesson06.MessagePage;
import workshop.lesson06.NotAMemberException;

/**
 * The channel pages and the chat-list send this lesson runs are the reference solutions of its
 * exercise (solutions/.../lesson06), compiled in: one implementation. Appendices: ./jbang lesson06a
 * (DynamoDB's limits) and ./jbang lesson06b (an index with another key).
 */
class dynamodb_keys {

    static final long NOW_BUCKET = ChannelBuckets.at(Instant.now());
    static final String[] AUTHORS = {"ana", "ben", "cy", "dee"};
    /** Channel ids are snowflakes too: general was created nine buckets (90 days) ago. */
    static final long GENERAL = Snowflake.firstIdAt(ChannelBuckets.start(NOW_BUCKET - 9)) + 1;

    static Dynamo dynamo;
    static MeteredClient db;
    static String orders;
    static String messages;
    static String chats;
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
            CustomerOrders shop = new CustomerOrders(db.plain(), orders);
            ordersInOnePartition(shop);
            scanAsTheTableGrows(shop);
            messagesInBuckets();
            chatListTransaction();
        }
        RECAP.print("./jbang check 06   (lessons/06-dynamodb-keys/src), then ./jbang lesson06a");
    }

    static void createTables() {
        // tag::tables[]
        Tables.recreate(dynamo, db.plain(), Tables.keyed(orders, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
        Tables.recreate(dynamo, db.plain(), Tables.keyed(messages, "pk", ScalarAttributeType.S, "message_id",
                ScalarAttributeType.N).build());
        Tables.recreate(dynamo, db.plain(), Tables.keyed(chats, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
        // end::tables[]
    }

    static void ordersInOnePartition(CustomerOrders shop) {
        Story.section("Orders under the customer's key: the 20 newest in one Query");
        Story.say("""
                A shop keeps each customer's items in one partition: pk "CUST#7". The profile has sk
                "PROFILE"; each order has sk "ORDER#" + the time it was placed (fixed width, so text order is
                time order) + its id. Customer 7 has 60 orders; a few other customers have a profile and 9 orders each.""");
        shop.load(7, 60);
        shop.loadOthers(0, 4);
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

    static void scanAsTheTableGrows(CustomerOrders shop) {
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
                shop.loadOthers(loaded, others);
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

    static void messagesInBuckets() {
        Story.section("Messages the Discord way: pk \"channel:bucket\", sk the message id");
        Story.say("""
                A channel's messages would make one ever-growing partition, so the partition key carries a
                bucket too: ten days of messages, computed from the message's snowflake id (no lookup). The
                sort key is the message id, so a bucket reads newest first. Channel general (created 90 days
                ago) has 12 messages in the current bucket, nothing in the two before, then 160 and 60. In
                the tables, "general:%d" stands for the key "<general's snowflake id>:%d". The pages below
                come from the exercise's reference ChannelMessages.""", NOW_BUCKET, NOW_BUCKET);
        send(GENERAL, NOW_BUCKET, 12);
        send(GENERAL, NOW_BUCKET - 3, 160);
        send(GENERAL, NOW_BUCKET - 4, 60);
        ChannelMessages channel = new ChannelMessages(db.client(), messages, Clock.systemUTC());
        Metered<MessagePage> first = db.measure(() -> channel.page(GENERAL, 50, null));
        long oldestOnPage = ChannelBuckets.of(first.value().messages().get(49).messageId());
        Map<Long, Long> perBucket = first.value().messages().stream()
                .collect(Collectors.groupingBy(m -> ChannelBuckets.of(m.messageId()), TreeMap::new, Collectors.counting()));
        TextTable walk = TextTable.of("partition", "messages it gave the first page");
        for (long bucket = NOW_BUCKET; bucket >= oldestOnPage; bucket--) {
            walk.row("general:" + bucket, perBucket.getOrDefault(bucket, 0L));
        }
        walk.print();
        DynamoCost cost = first.cost();
        Story.say("""
                The newest 50 took %s request(s), read %d items and cost %s read units: the current bucket
                gave %d, the quiet buckets nothing (each query still costs the smallest read), and the last
                the %d still missing. Items read equal items returned: the last query asked, with Limit, only
                for what the page still needed, so nothing was read and thrown away.""",
                cost.requestsText(), cost.itemsRead(), cost.readUnitsText(), perBucket.getOrDefault(NOW_BUCKET, 0L),
                perBucket.get(oldestOnPage));
        RECAP.line("a channel's newest 50 across 10-day buckets: %s request(s), %d items read",
                cost.requestsText(), cost.itemsRead());

        Story.say("""
                Paging on: each page starts where the last stopped, inside a bucket (LastEvaluatedKey) or at
                the top of an older one, and the walk never goes past the bucket the channel was created in.""");
        TextTable pages = TextTable.of("page", "queries", "items read", "items returned", "next page starts");
        MessagePage page = first.value();
        int total = 0;
        int number = 1;
        for (; ; number++) {
            total += page.messages().size();
            pages.row(number, cost.queries(), cost.itemsRead(), cost.itemsReturned(), page.next() == null
                    ? "nowhere: the channel's first bucket is done"
                    : "general:" + page.next().bucket()
                            + (page.next().exclusiveStartKey() == null ? ", at its newest" : ", after LastEvaluatedKey"));
            if (page.next() == null) {
                break;
            }
            MessagePage previous = page;
            Metered<MessagePage> next = db.measure(() -> channel.page(GENERAL, 50, previous.next()));
            page = next.value();
            cost = next.cost();
        }
        pages.print();
        Story.say("""
                %d messages in %d pages. The last page's final query came back without LastEvaluatedKey in the
                channel's first bucket, so there is no next page: a client pages until the cursor is absent,
                never until a page comes back short (a page is short whenever buckets are quiet). A question
                that names no channel, such as one author's newest messages, needs another key: ./jbang
                lesson06b builds an index by author.""", total, number);
    }

    /** count messages in a bucket, spread evenly from its start (or up to now, for the current one). */
    static void send(long channel, long bucket, int count) {
        ChannelMessages loader = new ChannelMessages(db.plain(), messages, Clock.systemUTC());
        Instant start = ChannelBuckets.start(bucket);
        long[] ids = SpreadIds.between(start, bucket == NOW_BUCKET ? Instant.now() : start.plusSeconds(3_600L * count), count);
        for (int i = 0; i < count; i++) {
            loader.add(new ChannelMessage(channel, ids[i], AUTHORS[i % AUTHORS.length], "message " + i + " in general"));
        }
    }

    static void chatListTransaction() {
        Story.section("Lesson 04's chat-list write as one transaction");
        Story.say("""
                A new message moves its chat to the top of each member's chat list. The list's sort key is
                the chat's last message id, and a key cannot change in place: the move is a delete of the old
                row and a put of the new one, per member. The exercise's reference ChatLists reads the chat's
                head and members (one Query), then TransactWriteItems applies the moves with the message
                (its write units count double, as in every transaction),
                all or nothing, after a ConditionCheck that the sender is a member and a conditional update
                of the chat's head (the last message id), so two sends cannot both move from the same row.""");
        new ChatLists(db.plain(), chats).createChat("pair", List.of("ana", "ben"));
        ChatLists lists = new ChatLists(db.client(), chats);
        long hello = Snowflake.firstIdAt(Instant.now());
        DynamoCost sent = db.measure(() -> lists.send("pair", "ana", hello, "lunch at noon?"));
        TextTable.of("send to a chat of two", "requests", "items written", "write units")
                .row("ChatLists.send", sent.requestsText(), sent.itemsWritten(), sent.writeUnitsText())
                .print();
        ChatListEntry top = lists.chatList("ana", 1).get(0);
        Story.say("Ana's chat list now starts with %s@%d. A stranger tries the same chat:", top.chatId(), top.lastMessageId());
        long before = itemsIn(chats);
        String outcome;
        try {
            lists.send("pair", "mallory", hello + 1, "buy now");
            outcome = "Written";
        } catch (NotAMemberException refused) {
            outcome = "Cancelled (" + refused.getMessage() + ")";
        }
        Story.say("""
                %s. Items in the table before and after: %,d and %,d. The ConditionCheck failed, so the
                message, the head and every row move were dropped together.""", outcome, before, itemsIn(chats));
        Story.say("""
                The send was one transaction of 3 + 2 x 2 = 7 actions: a ConditionCheck, the head, the
                message, and a delete and a put per member. A group of 100 needs 203, and one transaction
                takes at most %d: ./jbang lesson06a sends it anyway, then moves the lists through a fan-out
                queue instead.""", ChatLists.MAX_ACTIONS);
        RECAP.line("a send to a chat of two: %s, %d items written; a stranger's send cancelled as a whole",
                sent.requestsText(), sent.itemsWritten());
    }

    static long itemsIn(String table) {
        return Tables.count(db.plain(), table, null);
    }
}
