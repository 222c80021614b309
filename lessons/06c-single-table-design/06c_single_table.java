///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//MAIN single_table
//DESCRIPTION Lesson 06c: single-table design in DynamoDB: item collections, an inverted index, sparse and overloaded indexes, TTL and Streams

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import workshop.kit.Poll;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.Verdict;
import workshop.kit.catalogue.dynamo.DynamoCatalogue;
import workshop.kit.catalogue.dynamo.DynamoCatalogueCheck;
import workshop.kit.catalogue.dynamo.DynamoDiagrams;
import workshop.kit.catalogue.dynamo.DynamoPattern;
import workshop.kit.catalogue.dynamo.DynamoPlan;
import workshop.kit.catalogue.dynamo.DynamoPlanReview;
import workshop.kit.catalogue.dynamo.DynamoReport;
import workshop.kit.diagram.DiagramFiles;
import workshop.kit.diagram.ItemCollections;
import workshop.kit.diagram.ItemCollectionsText;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.CapacityUnits;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.IndexWrites;
import workshop.kit.dynamo.ItemSize;
import workshop.kit.dynamo.KeyPath;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.StreamTail;
import workshop.kit.dynamo.Tables;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

/**
 * One table for users, chats, memberships and messages, against a table per entity. Read and
 * write units come from AWS's formula (the kit's metered client for the table, IndexWrites for
 * each global secondary index, which the metered client does not bill).
 */
class single_table {

    static final String[] USERS = {"ana", "ben", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lou", "max",
        "ned", "oli", "pia", "quin", "ray", "sam", "tia", "uma", "vic", "wes", "xia", "yan", "zoe", "abe", "bo", "cal", "dot"};
    static final String[] CHAT_TITLES = {"pair", "team", "family", "book club", "neighbours", "climbing", "release", "trip"};
    static final int[] CHAT_SIZES = {2, 6, 4, 8, 25, 3, 12, 5};
    /** Each chat's members are CHAT_SIZES[k] users in a row from this position, wrapping round. */
    static final int[] FIRST_MEMBER = {0, 0, 26, 4, 0, 10, 20, 14};
    static final int MESSAGES_PER_CHAT = 40;
    static final String INVERTED = "inverted";
    static final String GSI1 = "GSI1";
    static final String UNREAD = "unread";

    static Dynamo dynamo;
    static MeteredClient db;
    static String app;
    static final Recap RECAP = Recap.measured();
    static final Map<String, IndexWrites> INDEXES = new HashMap<>();
    static final List<Map<String, AttributeValue>> LOADED = new ArrayList<>();
    static long nextMessageId = 1_000_000;
    /** Items read at the country, state and city levels, for the recap. */
    static List<Long> hierarchyRead;

    public static void main(String... args) {
        Failures.guard(single_table::run);
    }

    static void run() {
        Story.title("06c", "single-table design in DynamoDB");
        dynamo = Dynamo.findOrStart();
        Story.say("""
                Lesson 06 kept a customer's profile and orders under one partition key so that one Query
                returned both. That is the idea behind single-table design, taken all the way: every entity
                of the app in one table, with generic key attributes PK and SK whose values say what the
                item is (USER#ana, CHAT#c2), and items read together sharing a partition key: an item
                collection. Tables live in %s; units come from AWS's formula, never from the emulator.""",
                dynamo.describe());
        app = dynamo.table("lesson06c_app");
        try (MeteredClient client = dynamo.meteredClient()) {
            db = client;
            createSingleTable();
            itemCollections();
            adjacencyList();
            overloadedIndex();
            sparseIndex();
            hierarchicalKeys();
            timeToLive();
            streamFanOut();
        }
        checkTheDesign();
        whenNotTo();
        RECAP.print("./jbang check 06 (tasks 4 and 5: the users-chats adjacency list, the sparse index of unread"
                + " chats), ./jbang quiz 06c, then ./jbang lesson07");
    }

    // tag::single-table[]
    static CreateTableRequest singleTable() {
        GlobalSecondaryIndex inverted = index(INVERTED, "SK", "PK", ProjectionType.INCLUDE, "chat_title", "user_name", "unread_for");
        GlobalSecondaryIndex gsi1 = index(GSI1, "GSI1PK", "GSI1SK", ProjectionType.ALL);
        GlobalSecondaryIndex unread = index(UNREAD, "unread_for", "unread_since", ProjectionType.INCLUDE, "chat_title");
        return Tables.keyed(app, "PK", ScalarAttributeType.S, "SK", ScalarAttributeType.S)
                .attributeDefinitions(strings("PK", "SK", "GSI1PK", "GSI1SK", "unread_for", "unread_since"))
                .globalSecondaryIndexes(inverted, gsi1, unread)
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE))
                .build();
    }
    // end::single-table[]

    static void createSingleTable() {
        CreateTableRequest table = singleTable();
        Tables.recreate(dynamo, db.plain(), table);
        for (GlobalSecondaryIndex gsi : table.globalSecondaryIndexes()) {
            INDEXES.put(gsi.indexName(), new IndexWrites(gsi, List.of("PK", "SK")));
        }
    }

    /** Loads items into the single table and keeps them: the catalogue's check loads the same data. */
    static void load(String what, List<Map<String, AttributeValue>> items) {
        BatchLoader.put(db.plain(), app, what, items.size(), i -> items.get((int) i));
        LOADED.addAll(items);
    }

    static GlobalSecondaryIndex index(String name, String partitionKey, String sortKey, ProjectionType projection,
                                      String... included) {
        return GlobalSecondaryIndex.builder().indexName(name)
                .keySchema(Tables.key(partitionKey, KeyType.HASH), Tables.key(sortKey, KeyType.RANGE))
                .projection(p -> p.projectionType(projection).nonKeyAttributes(included.length == 0 ? null : List.of(included)))
                .build();
    }

    static List<AttributeDefinition> strings(String... names) {
        return Arrays.stream(names).map(n -> Tables.attribute(n, ScalarAttributeType.S)).toList();
    }

    static List<String> members(int chat) {
        List<String> members = new ArrayList<>();
        for (int j = 0; j < CHAT_SIZES[chat]; j++) {
            members.add(USERS[(FIRST_MEMBER[chat] + j) % USERS.length]);
        }
        return members;
    }

    static String chatId(int chat) {
        return "c" + (chat + 1);
    }

    static String email(String user) {
        return user + "@example.com";
    }

    static String invite(int chat) {
        return "inv" + Integer.toString(7_919 * (chat + 3), 36);
    }

    /** Some memberships have messages their member has not read: every fourth, by position. */
    static boolean unread(int chat, int member) {
        return (chat + member) % 4 == 0;
    }

    static String messageKey(long id) {
        return String.format("MSG#%019d", id);
    }

    static Map<String, AttributeValue> attrs(String... pairs) {
        Map<String, AttributeValue> item = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put(pairs[i], fromS(pairs[i + 1]));
        }
        return item;
    }

    // tag::item-types[]
    static Map<String, AttributeValue> userItem(String user) {
        return attrs("PK", "USER#" + user, "SK", "USER#" + user, "type", "user", "name", user, "email", email(user),
                "GSI1PK", "EMAIL#" + email(user), "GSI1SK", "USER#" + user);
    }

    static Map<String, AttributeValue> chatItem(int chat) {
        return attrs("PK", "CHAT#" + chatId(chat), "SK", "CHAT#" + chatId(chat), "type", "chat", "title", CHAT_TITLES[chat],
                "invite", invite(chat), "GSI1PK", "INVITE#" + invite(chat), "GSI1SK", "CHAT#" + chatId(chat));
    }

    /** The many-to-many's edge, written once: under the chat, and (through the inverted index) under the user. */
    static Map<String, AttributeValue> membershipItem(int chat, int member) {
        String user = members(chat).get(member);
        Map<String, AttributeValue> item = attrs("PK", "CHAT#" + chatId(chat), "SK", "USER#" + user, "type", "member",
                "user_name", user, "chat_title", CHAT_TITLES[chat]);
        if (unread(chat, member)) {
            item.put("unread_for", fromS("USER#" + user));
            item.put("unread_since", fromS(messageKey(nextMessageId)));
        }
        return item;
    }

    /** A send writes the message alone: the stream's consumer moves the members' chat lists. */
    static void send(DynamoDbClient client, Map<String, AttributeValue> message) {
        client.putItem(p -> p.tableName(app).item(message));
    }

    static Map<String, AttributeValue> messageItem(String chat, long id, String author, String body) {
        return attrs("PK", KeyPath.of("CHAT", chat, "MSGS"), "SK", messageKey(id), "type", "message", "chat", chat,
                "author", author, "body", body);
    }
    // end::item-types[]

    static void itemCollections() {
        Story.section("Item collections: a chat and its members in one Query");
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (String user : USERS) {
            items.add(userItem(user));
        }
        for (int chat = 0; chat < CHAT_TITLES.length; chat++) {
            items.add(chatItem(chat));
            for (int m = 0; m < CHAT_SIZES[chat]; m++) {
                items.add(membershipItem(chat, m));
            }
            List<String> members = members(chat);
            for (int i = 0; i < MESSAGES_PER_CHAT; i++) {
                items.add(messageItem(chatId(chat), nextMessageId++, members.get(i % members.size()),
                        "message " + i + " in " + CHAT_TITLES[chat]));
            }
        }
        load("the single table", items);
        long memberships = items.stream().filter(i -> i.get("type").s().equals("member")).count();
        Story.say("""
                Four item types share the table lesson06c_app: %d users (PK = SK = USER#<name>), %d chats
                (PK = SK = CHAT#<id>), %d memberships (PK CHAT#<id>, SK USER#<name>) and %d messages (PK
                CHAT#<id>#MSGS, SK MSG#<id>: in a collection of their own, since they grow without end;
                lesson 06's buckets apply to it). The chat item and its memberships share the partition key
                CHAT#<id>, so they sort next to each other: CHAT#c5 first, then USER#abe, USER#ana...""",
                USERS.length, CHAT_TITLES.length, memberships, CHAT_TITLES.length * MESSAGES_PER_CHAT);

        String[] multi = createMultiTables(items);
        Metered<List<Map<String, AttributeValue>>> single = db.measure(() -> chatWithMembers(db.client(), "c5"));
        Metered<Integer> three = db.measure(() -> chatWithMembersFromThreeTables(multi, "c5"));
        if (single.value().size() - 1 != three.value()) {
            throw new IllegalStateException("the designs disagree on c5's members: " + (single.value().size() - 1) + " and "
                    + three.value());
        }
        TextTable.of("chat c5 (\"neighbours\") and its 25 members' names", "requests", "items read", "read units")
                .row("one table: Query PK = CHAT#c5", single.cost().requests(), single.cost().itemsRead(),
                        single.cost().readUnitsText())
                .row("a table each: GetItem, Query, BatchGetItem", three.cost().requests(),
                        three.cost().itemsRead(), three.cost().readUnitsText())
                .print();
        Story.say("""
                The table per entity needs three requests, the names waiting for the member list, and
                BatchGetItem bills each of the %d users on its own, every one rounded up to half a unit. The
                item collection comes back in one Query whose items' sizes are summed before rounding. The
                membership carries a copy of the user's name to make that possible (lesson 07c: a copy on
                purpose, with the job that rewrites it on a rename).""",
                three.value());
        RECAP.line("chat c5 with its 25 members: one table, %d request and %s read units; a table per entity,"
                + " %d requests and %s", single.cost().requests(), single.cost().readUnitsText(), three.cost().requests(),
                three.cost().readUnitsText());
    }

    /** The same users, chats and memberships in a table each: users, chats, memberships (by chat). */
    static String[] createMultiTables(List<Map<String, AttributeValue>> items) {
        String users = dynamo.table("lesson06c_users");
        String chats = dynamo.table("lesson06c_chats");
        String memberships = dynamo.table("lesson06c_memberships");
        Tables.recreate(dynamo, db.plain(), Tables.keyed(users, "user_id", ScalarAttributeType.S).build());
        Tables.recreate(dynamo, db.plain(), Tables.keyed(chats, "chat_id", ScalarAttributeType.S).build());
        Tables.recreate(dynamo, db.plain(), Tables.keyed(memberships, "chat_id", ScalarAttributeType.S, "user_id",
                ScalarAttributeType.S).build());
        List<Map<String, AttributeValue>> userRows = new ArrayList<>();
        List<Map<String, AttributeValue>> chatRows = new ArrayList<>();
        List<Map<String, AttributeValue>> memberRows = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            switch (item.get("type").s()) {
                case "user" -> userRows.add(attrs("user_id", item.get("name").s(), "name", item.get("name").s(),
                        "email", item.get("email").s()));
                case "chat" -> chatRows.add(attrs("chat_id", item.get("PK").s().substring(5), "title", item.get("title").s()));
                case "member" -> memberRows.add(attrs("chat_id", item.get("PK").s().substring(5), "user_id",
                        item.get("user_name").s()));
                default -> { }
            }
        }
        BatchLoader.put(db.plain(), users, "users", userRows.size(), i -> userRows.get((int) i));
        BatchLoader.put(db.plain(), chats, "chats", chatRows.size(), i -> chatRows.get((int) i));
        BatchLoader.put(db.plain(), memberships, "memberships", memberRows.size(), i -> memberRows.get((int) i));
        return new String[] {users, chats, memberships};
    }

    /** The chat item and its memberships: one item collection, one Query. */
    static List<Map<String, AttributeValue>> chatWithMembers(DynamoDbClient client, String chat) {
        return client.query(q -> q.tableName(app).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", fromS("CHAT#" + chat)))).items();
    }

    // tag::three-tables[]
    /** The chat, its member list, then the members' names: three requests, each waiting for the last. */
    static int chatWithMembersFromThreeTables(String[] tables, String chat) {
        db.client().getItem(g -> g.tableName(tables[1]).key(Map.of("chat_id", fromS(chat))));
        List<Map<String, AttributeValue>> keys = db.client().query(q -> q.tableName(tables[2])
                .keyConditionExpression("chat_id = :c").expressionAttributeValues(Map.of(":c", fromS(chat)))).items()
                .stream().map(m -> Map.of("user_id", m.get("user_id"))).toList();
        int names = 0;
        Map<String, KeysAndAttributes> pending = Map.of(tables[0], KeysAndAttributes.builder().keys(keys).build());
        while (!pending.isEmpty()) {
            Map<String, KeysAndAttributes> asked = pending;
            BatchGetItemResponse answer = db.client().batchGetItem(b -> b.requestItems(asked));
            names += answer.responses().getOrDefault(tables[0], List.of()).size();
            pending = answer.unprocessedKeys();
        }
        return names;
    }
    // end::three-tables[]

    static void adjacencyList() {
        Story.section("An adjacency list: users and chats, many to many, through an inverted index");
        Story.say("""
                A user is in many chats and a chat has many users. The membership item is the edge: written
                once, under PK CHAT#<id> and SK USER#<name>. The chat's side reads it by the table's key, as
                above. The user's side reads it through the global secondary index "inverted", whose
                partition key is SK and whose sort key is PK: the same items, keyed the other way round.""");
        Metered<QueryResponse> anasChats = db.measure(() -> chatsOf(db.client(), "ana"));
        List<Map<String, AttributeValue>> found = anasChats.value().items();
        String chats = found.stream().filter(i -> i.get("PK").s().startsWith("CHAT#"))
                .map(i -> i.get("chat_title").s()).collect(Collectors.joining(", "));
        long chatCount = found.stream().filter(i -> i.get("PK").s().startsWith("CHAT#")).count();
        TextTable.of("ana's chats", "requests", "items read", "read units")
                .row("Query the index inverted: SK = USER#ana", anasChats.cost().requestsText(), anasChats.cost().itemsRead(),
                        anasChats.cost().readUnitsText())
                .print();
        Map<String, AttributeValue> membership = membershipItem(1, 3);
        DynamoCost written = db.measure(() -> { db.client().putItem(p -> p.tableName(app).item(membership)); });
        Map<String, AttributeValue> message = messageItem("c2", nextMessageId++, "dee", "the inverted index holds me too");
        DynamoCost messageWritten = db.measure(() -> { send(db.client(), message); });
        long inTable = Tables.count(db.plain(), app, null);
        long inIndex = Tables.count(db.plain(), app, INVERTED);
        Story.say("""
                One Query returned ana's profile (PK USER#ana sorts after every CHAT#) and her %d chats:
                %s. The chat titles are copied into the membership and projected into the index, so no
                second read fetches them. Writing a membership costs %s write unit on the table and %s on
                the index: the edge is stored once and DynamoDB keeps the other direction.""",
                chatCount, chats, written.writeUnitsText(), DynamoCost.format(INDEXES.get(INVERTED).units(membership)));
        Story.say("""
                The price of keying an index on SK: every item has an SK, so every item is in the index:
                %,d of the table's %,d, messages included, which nobody looks up by their SK. A message costs
                %s write unit on the table and %s more on the index. Projecting only a few attributes keeps
                those entries small; a busy item type that must not pay it lives in another table.""",
                inIndex, inTable, messageWritten.writeUnitsText(), DynamoCost.format(INDEXES.get(INVERTED).units(message)));
        RECAP.line("ana's %d chats from the inverted index: %s, %s read units; every one of the table's %,d items"
                + " is in that index", chatCount, anasChats.cost().requestsText(), anasChats.cost().readUnitsText(), inTable);
    }

    // tag::inverted-query[]
    static QueryResponse chatsOf(DynamoDbClient client, String user) {
        return client.query(q -> q.tableName(app).indexName(INVERTED).keyConditionExpression("SK = :user")
                .expressionAttributeValues(Map.of(":user", fromS("USER#" + user))));
    }
    // end::inverted-query[]

    static void overloadedIndex() {
        Story.section("An overloaded index: two questions, one GSI");
        Story.say("""
                Two more questions: log a user in by email, and open a chat from its invite code. A user item
                carries GSI1PK = EMAIL#<address>, a chat item GSI1PK = INVITE#<code>, both with GSI1SK = the
                item's own key. One index, GSI1, answers both, because its attributes mean different things on
                different item types. The other way is an index per question, by_email on the attribute
                email and by_invite on invite, in a copy of the users and chats (lesson06c_two_indexes).""");
        String two = dynamo.table("lesson06c_two_indexes");
        CreateTableRequest twoIndexes = Tables.keyed(two, "PK", ScalarAttributeType.S, "SK", ScalarAttributeType.S)
                .attributeDefinitions(strings("PK", "SK", "email", "invite"))
                .globalSecondaryIndexes(index("by_email", "email", "SK", ProjectionType.ALL),
                        index("by_invite", "invite", "SK", ProjectionType.ALL))
                .build();
        Tables.recreate(dynamo, db.plain(), twoIndexes);
        List<IndexWrites> separate = twoIndexes.globalSecondaryIndexes().stream()
                .map(g -> new IndexWrites(g, List.of("PK", "SK"))).toList();
        Map<String, AttributeValue> user = userItem("dee");
        Map<String, AttributeValue> chat = chatItem(6);
        Map<String, AttributeValue> plainUser = withoutGsi1(user);
        Map<String, AttributeValue> plainChat = withoutGsi1(chat);
        List<Map<String, AttributeValue>> copies = new ArrayList<>();
        for (String u : USERS) {
            copies.add(withoutGsi1(userItem(u)));
        }
        for (int c = 0; c < CHAT_TITLES.length; c++) {
            copies.add(withoutGsi1(chatItem(c)));
        }
        BatchLoader.put(db.plain(), two, "users and chats, two indexes", copies.size(), i -> copies.get((int) i));
        Metered<QueryResponse> byEmail = db.measure(() -> byGsi1(db.client(), "EMAIL#" + email("dee")));
        Metered<QueryResponse> byInvite = db.measure(() -> byGsi1(db.client(), "INVITE#" + invite(6)));
        Metered<QueryResponse> byEmail2 = db.measure(() -> db.client().query(q -> q.tableName(two).indexName("by_email")
                .keyConditionExpression("email = :k").expressionAttributeValues(Map.of(":k", fromS(email("dee"))))));
        Metered<QueryResponse> byInvite2 = db.measure(() -> db.client().query(q -> q.tableName(two).indexName("by_invite")
                .keyConditionExpression("invite = :k").expressionAttributeValues(Map.of(":k", fromS(invite(6))))));
        if (byEmail.value().count() != 1 || byInvite.value().count() != 1 || byEmail2.value().count() != 1
                || byInvite2.value().count() != 1) {
            throw new IllegalStateException("each lookup should find one item");
        }
        IndexWrites gsi1 = INDEXES.get(GSI1);
        TextTable.of("design", "indexes", "user: bytes", "write units", "chat: bytes", "write units", "lookups: RU")
                .row("GSI1, overloaded", 1, ItemSize.of(user), units(user, List.of(gsi1)), ItemSize.of(chat),
                        units(chat, List.of(gsi1)), byEmail.cost().readUnitsText() + " + " + byInvite.cost().readUnitsText())
                .row("by_email and by_invite", 2, ItemSize.of(plainUser), units(plainUser, separate), ItemSize.of(plainChat),
                        units(plainChat, separate), byEmail2.cost().readUnitsText() + " + " + byInvite2.cost().readUnitsText())
                .print();
        Story.say("""
                (Write units: on the table + on the indexes.) Measured, they come out the same: in both designs each item lands in exactly one
                index (a user has no invite, so by_invite skips it). Overloading does not save units; it saves
                indexes. A table has at most 20 global secondary indexes by default, each one is provisioned,
                monitored and backfilled on its own, and one index shaped GSI1PK/GSI1SK takes the next
                question without a new index at all. Its price is the copied key attributes, %d bytes on the
                user here, and names that tell a reader nothing: the table needs its key map written down.""",
                ItemSize.of(user) - ItemSize.of(plainUser));
        RECAP.line("overloaded GSI1: 2 questions, 1 index, a user %s write units; two indexes: %s (%d bytes less"
                + " per user)", units(user, List.of(gsi1)), units(plainUser, separate), ItemSize.of(user) - ItemSize.of(plainUser));
    }

    // tag::overloaded-queries[]
    /** A user by EMAIL#<address> or a chat by INVITE#<code>: one index, two questions. */
    static QueryResponse byGsi1(DynamoDbClient client, String key) {
        return client.query(q -> q.tableName(app).indexName(GSI1)
                .keyConditionExpression("GSI1PK = :k").expressionAttributeValues(Map.of(":k", fromS(key))));
    }
    // end::overloaded-queries[]

    static Map<String, AttributeValue> withoutGsi1(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> copy = new HashMap<>(item);
        copy.remove("GSI1PK");
        copy.remove("GSI1SK");
        return copy;
    }

    /** "1 + 1": the item's write units on the table, then on every index together. */
    static String units(Map<String, AttributeValue> item, List<IndexWrites> indexes) {
        return DynamoCost.format(CapacityUnits.write(ItemSize.of(item), false)) + " + "
                + DynamoCost.format(indexes.stream().mapToDouble(i -> i.units(item)).sum());
    }

    static void sparseIndex() {
        Story.section("A sparse index: only the unread chats");
        Story.say("""
                A membership with messages its member has not read carries two more attributes, unread_for
                (the user) and unread_since (the first unread message). The index "unread" is keyed on them,
                and an item without them is simply not in it: the index holds the unread chats and nothing
                else. Reading a chat removes the attributes, which removes the item from the index.""");
        long inTable = Tables.count(db.plain(), app, null);
        long inIndex = Tables.count(db.plain(), app, UNREAD);
        Metered<QueryResponse> anas = db.measure(() -> unreadChats(db.client(), "ana"));
        Metered<QueryResponse> anasFiltered = db.measure(() -> db.client().query(q -> q.tableName(app).indexName(INVERTED)
                .keyConditionExpression("SK = :u").filterExpression("attribute_exists(unread_for)")
                .expressionAttributeValues(Map.of(":u", fromS("USER#ana")))));
        Metered<Long> reminders = db.measure(() -> everyUnreadChat(db.client()));
        Metered<Long> filtered = db.measure(() -> scanCount(db.client(), s -> s.tableName(app)
                .filterExpression("attribute_exists(unread_for)")));
        if (!reminders.value().equals(filtered.value()) || anas.value().count() != anasFiltered.value().count()) {
            throw new IllegalStateException("the sparse index and the filters disagree");
        }
        TextTable.of("question", "read", "requests", "items read", "returned", "read units")
                .row("ana's unread chats", "Query the index unread", anas.cost().requests(), anas.cost().itemsRead(),
                        anas.cost().itemsReturned(), anas.cost().readUnitsText())
                .row("", "Query inverted + filter", anasFiltered.cost().requests(), anasFiltered.cost().itemsRead(),
                        anasFiltered.cost().itemsReturned(), anasFiltered.cost().readUnitsText())
                .row("every unread chat", "Scan the index unread", reminders.cost().requests(), reminders.cost().itemsRead(),
                        reminders.cost().itemsReturned(), reminders.cost().readUnitsText())
                .row("(nightly reminders)", "Scan table + filter", filtered.cost().requests(), filtered.cost().itemsRead(),
                        filtered.cost().itemsReturned(), filtered.cost().readUnitsText())
                .print();
        Map<String, AttributeValue> before = db.plain().getItem(g -> g.tableName(app).key(Map.of("PK", fromS("CHAT#c1"),
                "SK", fromS("USER#ana")))).item();
        Map<String, AttributeValue> after = new HashMap<>(before);
        after.remove("unread_for");
        after.remove("unread_since");
        db.plain().updateItem(u -> u.tableName(app).key(Map.of("PK", fromS("CHAT#c1"), "SK", fromS("USER#ana")))
                .updateExpression("REMOVE unread_for, unread_since"));
        Story.say("""
                The index holds %d of the table's %,d items. Scanning it for the nightly reminders reads
                only those; the filtered Scan reads every item and throws most away after paying for them (a
                filter runs after the read). For one user the filter costs less, only her memberships, but
                the sparse index still reads just the unread ones. Ana opens "pair": the REMOVE costs the
                index %s write unit (a delete of its entry) and %s on the next write that marks it unread.""",
                inIndex, inTable, DynamoCost.format(INDEXES.get(UNREAD).units(before, after)),
                DynamoCost.format(INDEXES.get(UNREAD).units(after, before)));
        RECAP.line("sparse index: %d of %,d items; all unread chats by its Scan %s read units, by a filtered table"
                + " Scan %s", inIndex, inTable, reminders.cost().readUnitsText(), filtered.cost().readUnitsText());
    }

    // tag::sparse-query[]
    static QueryResponse unreadChats(DynamoDbClient client, String user) {
        return client.query(q -> q.tableName(app).indexName(UNREAD).keyConditionExpression("unread_for = :u")
                .expressionAttributeValues(Map.of(":u", fromS("USER#" + user))));
    }
    // end::sparse-query[]

    /** The nightly reminders' read: the whole sparse index, which holds only the unread chats. */
    static long everyUnreadChat(DynamoDbClient client) {
        return scanCount(client, s -> s.tableName(app).indexName(UNREAD));
    }

    static long scanCount(DynamoDbClient client, Consumer<ScanRequest.Builder> scan) {
        return client.scanPaginator(scan).stream().mapToLong(ScanResponse::count).sum();
    }

    static void hierarchicalKeys() {
        Story.section("Hierarchical sort keys: a country, a state, a city");
        Story.say("""
                Public groups are found by place. Under PK COUNTRY#US, the sort key is the path
                STATE#<state>#CITY#<city>#GROUP#<id>, so begins_with on a shorter path reads one level of the
                hierarchy and nothing beside it.""");
        String[][] places = {{"CA", "San Francisco"}, {"CA", "San Jose"}, {"CA", "Oakland"}, {"NY", "New York"},
            {"NY", "Buffalo"}, {"TX", "Austin"}, {"TX", "Houston"}, {"WA", "Seattle"}};
        int[] groups = {14, 9, 6, 20, 4, 8, 10, 9};
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int p = 0; p < places.length; p++) {
            for (int g = 0; g < groups[p]; g++) {
                items.add(attrs("PK", "COUNTRY#US", "SK", KeyPath.of("STATE", places[p][0], "CITY", places[p][1], "GROUP",
                        "g" + p + "-" + g), "type", "group", "name", "group " + g + " of " + places[p][1]));
            }
        }
        load("groups by place", items);
        TextTable levels = TextTable.of("level", "begins_with(SK, ...)", "requests", "items read", "read units");
        String[][] asked = {{"country US"}, {"state CA", "STATE", "CA"}, {"city San Jose", "STATE", "CA", "CITY", "San Jose"}};
        List<Long> read = new ArrayList<>();
        for (String[] level : asked) {
            String prefix = level.length == 1 ? "STATE#" : KeyPath.prefix(Arrays.copyOfRange(level, 1, level.length));
            DynamoCost cost = groupsUnder(prefix).cost();
            read.add(cost.itemsRead());
            levels.row(level[0], prefix, cost.requests(), cost.itemsRead(), cost.readUnitsText());
        }
        DynamoCost careless = groupsUnder("STATE#CA#CITY#San").cost();
        levels.row("\"San\", no closing #", "STATE#CA#CITY#San", careless.requests(), careless.itemsRead(),
                careless.readUnitsText());
        levels.print();
        Story.say("""
                Each level is one Query that reads exactly its groups. A prefix ends with the separator:
                without it, "San" also matched San Francisco (%d items instead of %d). One partition per
                country is fine for a few hundred groups; a country busy enough to pass one partition's
                limits (3,000 reads or 1,000 writes a second) moves the state into the partition key.""",
                careless.itemsRead(), read.get(2));
        hierarchyRead = read;
    }

    static Metered<QueryResponse> groupsUnder(String prefix) {
        return db.measure(() -> groupsUnder(db.client(), prefix));
    }

    static QueryResponse groupsUnder(DynamoDbClient client, String prefix) {
        return client.query(q -> q.tableName(app).keyConditionExpression("PK = :pk AND begins_with(SK, :path)")
                .expressionAttributeValues(Map.of(":pk", fromS("COUNTRY#US"), ":path", fromS(prefix))));
    }

    static void timeToLive() {
        Story.section("TTL: items that expire, and the filter that is still needed");
        db.plain().updateTimeToLive(u -> u.tableName(app).timeToLiveSpecification(t -> t.enabled(true)
                .attributeName("expires_at")));
        long now = Instant.now().getEpochSecond();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Map<String, AttributeValue> item = attrs("PK", "SENDS#ana", "SK", "SEND#client-" + i, "type", "idempotency",
                    "message", messageKey(i));
            // Half were written a day and an hour ago with a day to live: they expired an hour ago.
            item.put("expires_at", fromN(Long.toString(i % 2 == 0 ? now - 3_600 : now + 86_400)));
            keys.add(item);
        }
        load("idempotency keys", keys);
        Duration waited = Duration.ofSeconds(5);
        boolean deleted = Poll.until("expired items to go", waited).every(Duration.ofMillis(500))
                .tryAwait(() -> sends(false).value().count() < keys.size());
        long left = sends(false).value().count();
        // tag::ttl-filter[]
        Metered<QueryResponse> live = sends(true);
        // end::ttl-filter[]
        Story.say("""
                Idempotency keys (lesson 08: a retried send finds its first result) are kept a day: each item
                carries expires_at, in epoch seconds, and TTL is on for that attribute. Of 40 keys, 20 expired
                an hour ago. After %d s, this store holds %d of the 40: %s. On AWS the deletion is a free
                background job that typically runs within a few days of expiry, not at it, so every read that
                must not see an expired item filters on the attribute. The filter hides; it does not save:
                the Query below read %d items and paid for all of them to return %d.""",
                waited.toSeconds(), left, deleted ? "it deleted some, like AWS, only sooner"
                        : "moto records the TTL setting but does not delete", live.cost().itemsRead(), live.cost().itemsReturned());
        TextTable.of("ana's idempotency keys", "items read", "returned", "read units")
                .row("Query PK = SENDS#ana", sends(false).cost().itemsRead(), sends(false).cost().itemsReturned(),
                        sends(false).cost().readUnitsText())
                .row("... AND filter expires_at > now", live.cost().itemsRead(), live.cost().itemsReturned(),
                        live.cost().readUnitsText())
                .print();
        RECAP.line("country, state, city: one Query each, %d, %d and %d items read; TTL: %d of 20 expired items"
                + " left after %d s (%s), the filter read %d to return %d", hierarchyRead.get(0), hierarchyRead.get(1),
                hierarchyRead.get(2), left - 20, waited.toSeconds(), dynamo.realAws() ? "AWS" : "moto", live.cost().itemsRead(),
                live.cost().itemsReturned());
    }

    static Metered<QueryResponse> sends(boolean liveOnly) {
        return db.measure(() -> sends(db.client(), liveOnly));
    }

    /** ana's idempotency keys, all of them or only those not expired yet. */
    static QueryResponse sends(DynamoDbClient client, boolean liveOnly) {
        String now = Long.toString(Instant.now().getEpochSecond());
        return client.query(q -> {
            q.tableName(app).keyConditionExpression("PK = :pk");
            if (liveOnly) {
                q.filterExpression("expires_at > :now").expressionAttributeValues(Map.of(":pk", fromS("SENDS#ana"), ":now",
                        fromN(now)));
            } else {
                q.expressionAttributeValues(Map.of(":pk", fromS("SENDS#ana")));
            }
        });
    }

    static void streamFanOut() {
        Story.section("Streams: the chat-list fan-out after the send, not inside it");
        Story.say("""
                Lesson 06 moved every member's chat list in the send's own transaction. Here the send writes
                only the message; the table's stream (NEW_IMAGE) carries each insert to a consumer that then
                updates every member's membership item: the last message id, and unread for all but the
                author. The consumer below polls the stream every 100 ms, as a Lambda trigger would for you.""");
        String streamArn = db.plain().describeTable(d -> d.tableName(app)).table().latestStreamArn();
        Map<Long, Long> sentAt = new ConcurrentHashMap<>();
        Map<Long, Long> appliedAt = new ConcurrentHashMap<>();
        Map<Long, Long> applyingTook = new ConcurrentHashMap<>();
        List<String> team = members(1);
        int sends = 20;
        DynamoCost sendCost = DynamoCost.NONE;
        double[] fanUnits = {0};
        int[] records = {0};
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        StreamTail tail;
        try (DynamoDbStreamsClient streams = dynamo.streamsClient()) {
            tail = StreamTail.fromNow(streams, streamArn);
            Thread worker = new Thread(() -> {
                try {
                    while (appliedAt.size() < sends) {
                        for (Record record : tail.poll()) {
                            records[0]++;
                            Map<String, AttributeValue> image = record.dynamodb().newImage();
                            if (record.eventName() == OperationType.INSERT && "message".equals(image.get("type").s())) {
                                long started = System.nanoTime();
                                fanUnits[0] += fanOut(db.plain(), image);
                                long id = Long.parseLong(image.get("SK").s().substring(4));
                                appliedAt.put(id, System.nanoTime());
                                applyingTook.put(id, (System.nanoTime() - started) / 1_000_000);
                            }
                        }
                        if (!Poll.sleep(Duration.ofMillis(100))) {
                            return;
                        }
                    }
                } catch (RuntimeException e) {
                    failed.set(e);
                }
            }, "stream consumer");
            worker.start();
            for (int i = 0; i < sends; i++) {
                long id = nextMessageId++;
                Map<String, AttributeValue> message = messageItem("c2", id, team.get(i % team.size()), "stream message " + i);
                sendCost = sendCost.plus(db.measure(() -> { send(db.client(), message); }));
                sentAt.put(id, System.nanoTime());
                Poll.sleep(Duration.ofMillis(250));
            }
            boolean caughtUp = Poll.until("the stream consumer to apply " + sends + " messages", Duration.ofSeconds(30))
                    .tryAwait(() -> appliedAt.size() == sends || failed.get() != null);
            worker.interrupt();
            joinQuietly(worker);
            if (failed.get() != null) {
                throw failed.get();
            }
            if (!caughtUp) {
                throw new IllegalStateException("the consumer applied " + appliedAt.size() + " of " + sends
                        + " messages in 30 s; rerun, or ./jbang status if the emulator is overloaded");
            }
        }
        List<Long> lags = sentAt.keySet().stream().map(id -> (appliedAt.get(id) - sentAt.get(id)) / 1_000_000).sorted().toList();
        List<Long> applying = applyingTook.values().stream().sorted().toList();
        List<Map<String, AttributeValue>> memberships = db.plain().query(q -> q.tableName(app)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :u)")
                .expressionAttributeValues(Map.of(":pk", fromS("CHAT#c2"), ":u", fromS("USER#")))).items();
        Map<String, AttributeValue> lastMessage = messageItem("c2", nextMessageId - 1, team.get(0), "stream message " + 19);
        double transactional = CapacityUnits.write(ItemSize.of(lastMessage), true)
                + memberships.stream().mapToDouble(m -> CapacityUnits.write(ItemSize.of(m), true)).sum();
        TextTable.of("20 messages to \"team\" (6 members)", "requests", "write units", "lag: median", "max")
                .row("the sends (PutItem of the message)", sendCost.requestsText(), sendCost.writeUnitsText(), "", "")
                .row("the consumer (members' items)", sends + " Query, " + sends * team.size() + " UpdateItem",
                        DynamoCost.format(fanUnits[0]),
                        lags.get(lags.size() / 2) + " ms", lags.get(lags.size() - 1) + " ms")
                .print();
        Story.say("""
                One send every 250 ms. The consumer read %d stream records in %d GetRecords calls (its own
                updates come back on the stream too, and it skips them). The lag, from the send's answer to
                the last member updated, was %d ms at the median and %d ms at worst on this store: the wait
                for the next poll, then applying the message, %d ms at the median for its 7 requests. A
                consumer slower than the sends falls behind and the lag grows without bound: AWS serves
                stream records in near-real time, and the consumer's speed decides the rest.""",
                records[0], tail.getRecordsCalls(), lags.get(lags.size() / 2), lags.get(lags.size() - 1),
                applying.get(applying.size() / 2));
        Story.say("""
                The trade-off against lesson 06's transaction: the send is one small write of %s unit and
                never fails because a list could not move, and no 100-action limit caps the group. In
                exchange the lists are stale for that lag; the consumer gets each record at least once and
                in order per item, so its update is conditional (last message id only grows) to be safe to
                repeat; and records stay in the stream 24 hours, so a consumer down longer loses them and
                needs a rebuild (lesson 04). Written in one transaction as lesson 06 does, the same writes
                (the message and the 6 members' items) would cost %s write units per send, twice the plain
                ones.""",
                DynamoCost.format(sendCost.writeUnits() / sends), DynamoCost.format(transactional));
        RECAP.line("stream fan-out: %d sends, lag %d ms median and %d ms max; the send %s WU, %s WU per send in"
                + " a transaction", sends, lags.get(lags.size() / 2), lags.get(lags.size() - 1),
                DynamoCost.format(sendCost.writeUnits() / sends), DynamoCost.format(transactional));
    }

    static void joinQuietly(Thread worker) {
        try {
            worker.join(Duration.ofSeconds(5).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // tag::fan-out[]
    /**
     * Moves the message's chat up for every member; a record seen twice, or late, changes nothing.
     * Returns its write units by the formula, from the items as the updates left them (they only
     * grow): the plain client keeps the consumer as quick as a real one, without the metered
     * client's sizing reads.
     */
    static double fanOut(DynamoDbClient client, Map<String, AttributeValue> message) {
        double units = 0;
        String chat = message.get("chat").s();
        AttributeValue id = message.get("SK");
        List<Map<String, AttributeValue>> members = client.query(q -> q.tableName(app)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :u)")
                .expressionAttributeValues(Map.of(":pk", fromS("CHAT#" + chat), ":u", fromS("USER#")))).items();
        for (Map<String, AttributeValue> member : members) {
            boolean author = member.get("SK").s().equals("USER#" + message.get("author").s());
            try {
                units += CapacityUnits.write(ItemSize.of(client.updateItem(u -> u.tableName(app).key(Map.of("PK", member.get("PK"), "SK", member.get("SK")))
                        .updateExpression(author ? "SET last_message = :id"
                                : "SET last_message = :id, unread_for = :user, unread_since = if_not_exists(unread_since, :id)")
                        .conditionExpression("attribute_not_exists(last_message) OR last_message < :id")
                        .expressionAttributeValues(author ? Map.of(":id", id) : Map.of(":id", id, ":user", member.get("SK")))
                        .returnValues(ReturnValue.ALL_NEW)).attributes()), false);
            } catch (ConditionalCheckFailedException alreadyNewer) {
                // A newer message already moved this chat: nothing to write (AWS still bills the check).
                units += CapacityUnits.write(ItemSize.of(member), false);
            }
        }
        return units;
    }
    // end::fan-out[]

    static void checkTheDesign() {
        Story.section("The design, checked: every question against its plan");
        ChatDesign design = new ChatDesign();
        Story.say("""
                The design is complete, so its questions can be written down the way lesson 09 writes a
                Cassandra catalogue: each with its rate at peak, its plan (which request, on the table or
                which index, reading at most how many items) and the code above that serves it. First the
                plans are reviewed before any table exists, then the checker builds lesson06c_app afresh
                from the same CreateTableRequest, loads the %,d items this lesson loaded, and runs every
                question's code on a metered client, holding what it cost to its plan.""", LOADED.size());
        DynamoReport review = DynamoPlanReview.of(design);
        if (!review.passed()) {
            review.print();
            throw new IllegalStateException("the lesson's own plans fail their review; see the report above");
        }
        DynamoReport report;
        List<ItemCollections> drawings;
        try (DynamoCatalogueCheck checker = DynamoCatalogueCheck.on(dynamo)) {
            report = checker.run(design);
            drawings = DynamoDiagrams.built(design, report, checker.plain());
        }
        report.print();
        for (ItemCollections drawing : drawings) {
            System.out.println();
            ItemCollectionsText.lines(drawing).forEach(System.out::println);
            Story.say("The drawing: %s (open it in a browser).", DiagramFiles.write(drawing));
        }
        Story.say("""
                The review passed the %d plans (%d as planned, %d explained: the reminders' Scan is a nightly
                job's), and counted the index copies a send pays for: %s Measured, %d runs came out green,
                %d explained and %d failed. Each question reads one item collection, of the table or of
                one index, and no more items than its plan allows; the only filter is the expired
                idempotency keys', noted with the items it read and threw away. The drawing shows each
                item collection and an arrow from every question into what its requests named when it
                ran. ./jbang catalogue path/to/YourDesign.java runs the same review and check on your own
                DynamoCatalogue (--plan for the review alone).""",
                review.results().size(), review.count(Verdict.PLANNED), review.count(Verdict.EXPLAINED),
                String.join(" ", review.resultsOf("S4").get(0).notes()), report.count(Verdict.GREEN),
                report.count(Verdict.EXPLAINED), report.count(Verdict.FAILED));
        if (!report.passed()) {
            throw new IllegalStateException("the lesson's design does not serve its questions as planned; see the report");
        }
    }

    /**
     * The lesson's design as a catalogue: the single table as created above, the items the lesson
     * loaded, and each question served by the method the lesson itself calls.
     */
    static final class ChatDesign implements DynamoCatalogue {

        private DynamoDbClient client;

        @Override
        public String name() {
            return "lesson 06c: chats in one table";
        }

        @Override
        public List<CreateTableRequest> tables() {
            return List.of(singleTable());
        }

        @Override
        public List<Map<String, AttributeValue>> items(String table) {
            return List.copyOf(LOADED);
        }

        @Override
        public void setUp(DynamoDbClient metered) {
            client = metered;
        }

        @Override
        public List<DynamoPattern> patterns() {
            Map<String, AttributeValue> sent = messageItem("c2", nextMessageId, "ben", "checked by the catalogue");
            return List.of(
                    DynamoPattern.of("S1", "a chat and its members").rate(Rate.perSecond(2_000))
                            .plan(DynamoPlan.query(app, "PK = :pk", 101))
                            .servedBy("c5, 25 members", () -> chatWithMembers(client, "c5")),
                    DynamoPattern.of("S2", "a user's chats").rate(Rate.perSecond(1_500))
                            .plan(DynamoPlan.queryIndex(app, INVERTED, "SK = :user", 101))
                            .servedBy("ana", () -> chatsOf(client, "ana")),
                    DynamoPattern.of("S3", "a user's unread chats").rate(Rate.perSecond(1_500))
                            .plan(DynamoPlan.queryIndex(app, UNREAD, "unread_for = :u", 100))
                            .servedBy("ana", () -> unreadChats(client, "ana")),
                    DynamoPattern.of("S4", "send a message").rate(Rate.perSecond(800)).busiestKey(Rate.perSecond(20))
                            .writing(sent).plan(DynamoPlan.put(app))
                            .servedBy("to c2", () -> {
                                send(client, messageItem("c2", nextMessageId++, "ben", "checked by the catalogue"));
                                return null;
                            }),
                    DynamoPattern.of("S5", "log in by email").rate(Rate.perSecond(50))
                            .plan(DynamoPlan.queryIndex(app, GSI1, "GSI1PK = :k", 1))
                            .servedBy("dee", () -> byGsi1(client, "EMAIL#" + email("dee"))),
                    DynamoPattern.of("S6", "open a chat by its invite code").rate(Rate.perSecond(20))
                            .plan(DynamoPlan.queryIndex(app, GSI1, "GSI1PK = :k", 1))
                            .servedBy("release", () -> byGsi1(client, "INVITE#" + invite(6))),
                    DynamoPattern.of("S7", "public groups by place").rate(Rate.perSecond(100))
                            .plan(DynamoPlan.query(app, "PK = :pk AND begins_with(SK, :path)", 200))
                            .servedBy("San Jose", () -> groupsUnder(client, KeyPath.prefix("STATE", "CA", "CITY", "San Jose")))
                            .servedBy("CA", () -> groupsUnder(client, KeyPath.prefix("STATE", "CA"))),
                    DynamoPattern.of("S8", "a user's live idempotency keys").rate(Rate.perSecond(100))
                            .plan(DynamoPlan.query(app, "PK = :pk", 200).filtering("TTL deletes expired keys within"
                                    + " days, so the filter discards at most a few days' keys"))
                            .servedBy("ana", () -> sends(client, true)),
                    DynamoPattern.of("S9", "every unread chat, for the nightly reminders").rate(Rate.perDay(1))
                            .plan(DynamoPlan.scanIndex(app, UNREAD, 10_000, "the nightly reminder e-mails"))
                            .servedBy("all", () -> everyUnreadChat(client)));
        }
    }

    static void whenNotTo() {
        Story.section("When one table is the wrong choice");
        Story.say("""
                Single-table design pays off when the access patterns are known, few and hot, and several
                entities are read together: then one request replaces several and one index serves many
                questions. It is the wrong choice, plainly, when:

                - the questions are analytics (sums, ad hoc filters, joins across everything): export the
                table (to S3, then a warehouse) instead of bending keys to them;

                - there are many unrelated patterns and few are read together: one table then only mixes
                item types that could have had readable names, and its key map becomes a wall of GSI1PKs;

                - teams must evolve independently: one table is one schema, one set of indexes, one stream
                and one capacity budget that every team's change touches; give each service its own table;

                - the patterns are not known yet: a key layout fitted to today's questions is costly to
                change (a new layout is a migration of every item), so start with what is known.""");
    }
}
