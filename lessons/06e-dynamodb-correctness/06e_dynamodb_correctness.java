///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/concurrent/*.java
//SOURCES given/workshop/lesson06e/*.java
//SOURCES ../06d-order-system/given/workshop/lesson06d/*.java
//SOURCES .meta/solution/workshop/lesson06e/*.java
//MAIN dynamodb_correctness
//DESCRIPTION Lesson 06e: DynamoDB correctness: a version, unique values, a count, a new index backfilled

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import workshop.fixtures.concurrent.Contenders;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.CapacityUnits;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.IndexWrites;
import workshop.kit.dynamo.ItemSize;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson06d.Shop;
import workshop.lesson06e.Account;
import workshop.lesson06e.Accounts;
import workshop.lesson06e.TakenException;

/**
 * Accounts and groups in one table, by the reference solution's Accounts, compiled in. Write units
 * come from AWS's formula (the kit's metered client for the table, IndexWrites for an index):
 * moto answers a constant ConsumedCapacity and never throttles.
 */
class dynamodb_correctness {

    static final List<String> TABLE_KEYS = List.of("PK", "SK");
    static final int EARLIER_ACCOUNTS = 300;
    /** The accounts signed up over this many days, a few each day. */
    static final int SIGNUP_DAYS = 60;
    static final int SEGMENTS = 4;
    /** A profile's "about me": big enough that copying it into an index costs more than one write unit. */
    static final String ABOUT = "I like long walks, board games and single-table designs. ".repeat(25);
    static final LocalDate FIRST_DAY = LocalDate.of(2026, 1, 1);
    /** Orders placed in the hot-key section, and how many of the oldest the warehouse then ships. */
    static final int ORDERS = 300;
    static final int SHIPPED = 100;
    static final int PICK_LIST = 25;
    /** A sale's peak the sharded key is sized for, orders a second (lesson 06d's brief expects 30). */
    static final int SALE_ORDERS_PER_SECOND = 2_000;
    static final Recap RECAP = Recap.measured();

    static MeteredClient db;
    static Dynamo dynamo;
    static String table;
    static Accounts accounts;

    public static void main(String... args) {
        Failures.guard(dynamodb_correctness::run);
    }

    static void run() {
        Story.title("06e", "DynamoDB correctness: a version, unique values, a count, a new index");
        dynamo = Dynamo.findOrStart();
        table = dynamo.table("lesson06e_app");
        try (MeteredClient client = dynamo.meteredClient()) {
            db = client;
            Tables.delete(dynamo, db.plain(), table);
            accounts = new Accounts(db.client(), table);
            accounts.createTable();
            optimisticLocking();
            uniqueValues();
            memberCount();
            GlobalSecondaryIndex byDay = newEntityAndIndex();
            projections(byDay);
            hotIndexKey();
        }
        RECAP.print("./jbang check 06e");
    }

    static void optimisticLocking() {
        Story.section("A version and a condition: two writers, one rejected");
        accounts.register(new Account("u1", "ana", "ana@example.com", "Ana"));
        Story.say("""
                Ana edits her display name on her phone and on her laptop at once. Each app read her profile
                at version 1. First the way that loses a change: each app checks the version it read, in
                its own code, then writes without a condition.""");
        long phoneRead = accounts.profile("u1").orElseThrow().version();
        long laptopRead = accounts.profile("u1").orElseThrow().version();
        DynamoCost blind = db.measure(() -> {
            unconditionalRename(phoneRead, "Ana (phone)");
            unconditionalRename(laptopRead, "Ana (laptop)");
        });
        var afterBlind = accounts.profile("u1").orElseThrow();
        Story.say("""
                Both writes were applied (%s): the profile says "%s" at version %d. The phone's change is
                gone without a trace, and both apps believe theirs was saved.""",
                blind.requestsText(), afterBlind.displayName(), afterBlind.version());
        long version = afterBlind.version();
        // tag::race[]
        Metered<List<Boolean>> race = db.measure(() -> Contenders.race(2,
                d -> () -> accounts.rename("u1", version, d == 0 ? "Ana P." : "Ana L.")));
        // end::race[]
        var afterRace = accounts.profile("u1").orElseThrow();
        TextTable.of("writer (read version " + version + ")", "UpdateItem ... version = :expected")
                .row("phone", race.value().get(0) ? "applied" : "ConditionalCheckFailedException")
                .row("laptop", race.value().get(1) ? "applied" : "ConditionalCheckFailedException")
                .print();
        long applied = race.value().stream().filter(a -> a).count();
        Story.say("""
                Now with the condition in the write, both released at the same moment: %d applied, the other
                was rejected, and the profile is "%s" at version %d. The rejected app reads again, shows
                Ana the new name and lets her decide. Cost: %s, %s write units; the rejected write is billed
                too. No lock was held: the check and the write are one step on the item's partition.""",
                applied, afterRace.displayName(), afterRace.version(), race.cost().requestsText(), race.cost().writeUnitsText());
        RECAP.line("two writers at version %d: without a condition both applied and one change was lost; with"
                + " version = :expected, %d applied and 1 was rejected", version, applied);
    }

    /** What the phone and laptop did first: a version compared in the app, then a write that checks nothing. */
    static void unconditionalRename(long readVersion, String name) {
        db.client().updateItem(u -> u.tableName(table).key(Map.of("PK", fromS("USER#u1"), "SK", fromS("PROFILE")))
                .updateExpression("SET display_name = :name, version = :next")
                .expressionAttributeValues(Map.of(":name", fromS(name), ":next", fromN(Long.toString(readVersion + 1)))));
    }

    static void uniqueValues() {
        Story.section("A unique username and email: marker items in one transaction");
        Story.say("""
                A condition sees one item, the one its write names. A username is not the account's key, so
                no condition on the account item can see every other account's username. The way out is an
                item whose key IS the username (USERNAME#ben), and one for the email (EMAIL#...), put with
                attribute_not_exists(PK) in the same TransactWriteItems as the account.""");
        long before = Tables.count(db.plain(), table, null);
        DynamoCost registered = db.measure(() -> accounts.register(new Account("u2", "ben", "ben@example.com", "Ben")));
        TextTable outcomes = TextTable.of("registration", "outcome", "requests", "write units");
        outcomes.row("u2 ben, ben@example.com", "registered", registered.requestsText(), registered.writeUnitsText());
        for (Account attempt : List.of(new Account("u3", "ben", "ben2@example.com", "Another Ben"),
                new Account("u4", "benny", "ben@example.com", "Benny"))) {
            Metered<String> outcome = db.measure(() -> {
                try {
                    accounts.register(attempt);
                    return "registered";
                } catch (TakenException taken) {
                    return "refused: " + taken.field() + " taken";
                }
            });
            outcomes.row(attempt.userId() + " " + attempt.username() + ", " + attempt.email(), outcome.value(),
                    outcome.cost().requestsText(), outcome.cost().writeUnitsText());
        }
        outcomes.print();
        long after = Tables.count(db.plain(), table, null);
        Story.say("""
                The table went from %d to %d items: ben's account and his two markers, nothing of the two
                refused sign-ups (the cancellation reasons, one per action, said which value was taken).
                The price: three items
                written at twice the units of a plain write, %s units a sign-up, and one more item to keep
                per unique value. A GSI on email could not do this: it is written after the table,
                asynchronously, and nothing refuses a write because of it.""",
                before, after, registered.writeUnitsText());
        RECAP.line("unique username and email: %s write units a sign-up; both duplicates refused, %d item(s)"
                + " left behind by them", registered.writeUnitsText(), after - before - 3);
    }

    static void memberCount() {
        Story.section("A member count kept in the join's transaction");
        List<String> readers = IntStream.range(0, 40).mapToObj(i -> "reader" + i).toList();
        long joined = readers.stream().filter(r -> accounts.join("book-club", r)).count();
        long again = readers.stream().limit(5).filter(r -> accounts.join("book-club", r)).count();
        DynamoCost oneJoin = db.measure(() -> accounts.join("book-club", "reader40")).cost();
        Metered<Long> kept = db.measure(() -> accounts.memberCount("book-club"));
        Metered<Integer> counted = db.measure(() -> db.client().query(q -> q.tableName(table)
                .keyConditionExpression("PK = :g AND begins_with(SK, :m)").select(Select.COUNT)
                .expressionAttributeValues(Map.of(":g", fromS("GROUP#book-club"), ":m", fromS("MEMBER#")))).count());
        long membershipBytes = ItemSize.of(Map.of("PK", fromS("GROUP#book-club"), "SK", fromS("MEMBER#reader0")));
        TextTable.of("members of book-club", "value", "requests", "items read", "read units")
                .row("the kept count (GetItem)", kept.value(), kept.cost().requestsText(), kept.cost().itemsRead(),
                        kept.cost().readUnitsText())
                .row("counted (Query, Select COUNT)", counted.value(), counted.cost().requestsText(), counted.cost().itemsRead(),
                        counted.cost().readUnitsText())
                .print();
        Story.say("""
                40 readers joined (%d joins applied), then 5 of them joined again (%d applied: the
                membership's attribute_not_exists cancelled them, and the count with them). A join is %s,
                %s write units for its two items. The count agrees with the memberships because it only
                ever moves in the same transaction, and ADD lets the store do the sum, so on DynamoDB
                overlapping joins lose nothing. moto does not isolate concurrent transactions from each
                other, so here the joins run one after another. Reading it costs one small item however big the group grows; counting
                reads every membership: %d items, still within one 4 KB read unit here, but a membership item
                is %d bytes, so a group of 100,000 would cost %s read units a count (formula), and 1 MB pages.""",
                joined, again, oneJoin.requestsText(), oneJoin.writeUnitsText(),
                counted.cost().itemsRead(), membershipBytes, DynamoCost.format(CapacityUnits.read(100_000L * membershipBytes,
                        CapacityUnits.Read.EVENTUALLY_CONSISTENT)));
        RECAP.line("member count: %d kept, %d counted; one GetItem (%s read units) against a Query of every"
                + " member (%s)", kept.value(), counted.value(), kept.cost().readUnitsText(), counted.cost().readUnitsText());
    }

    static GlobalSecondaryIndex newEntityAndIndex() {
        Story.section("A new entity type, and a new index backfilled by a parallel Scan");
        Story.say("""
                Two months of earlier sign-ups are loaded: %,d accounts, each an account item (with a 1.5 KB "about me" and
                its sign-up day) and two markers. Then two changes land in the live table.""", EARLIER_ACCOUNTS);
        BatchLoader.put(db.plain(), table, "earlier accounts", 3L * EARLIER_ACCOUNTS, i -> earlierItem((int) (i / 3), (int) (i % 3)));
        Metered<Integer> membersBefore = members();
        BatchLoader.put(db.plain(), table, "invites to book-club", 20, i -> Map.of("PK", fromS("GROUP#book-club"),
                "SK", fromS("INVITE#guest" + i + "@example.com"), "invited_by", fromS("u1")));
        Metered<Integer> membersAfter = members();
        Metered<Integer> wholeGroup = db.measure(() -> db.client().query(q -> q.tableName(table).keyConditionExpression("PK = :g")
                .expressionAttributeValues(Map.of(":g", fromS("GROUP#book-club")))).count());
        Story.say("""
                First, a new entity type: invites to a group, PK GROUP#book-club, SK INVITE#<email>, in the
                group's item collection. Nothing is migrated. The members Query names its prefix
                (begins_with SK MEMBER#): it read %d items before the invites and %d after. A Query of the
                whole collection now reads %d items: the group, its members and 20 invites. Every existing
                query that does not name its sort-key prefix must be found before the new type ships.""",
                membersBefore.cost().itemsRead(), membersAfter.cost().itemsRead(), wholeGroup.cost().itemsRead());

        GlobalSecondaryIndex byDay = GlobalSecondaryIndex.builder().indexName("by_day")
                .keySchema(Tables.key("GSI1PK", KeyType.HASH), Tables.key("GSI1SK", KeyType.RANGE))
                .projection(p -> p.projectionType(ProjectionType.ALL)).build();
        addIndex(byDay);
        String day = "DAY#" + FIRST_DAY.plusDays(40);
        long inIndexBefore = Tables.count(db.plain(), table, "by_day");
        Story.say("""
                Second, a new question: the accounts that signed up on a day, for a welcome mail. No key holds
                a day, so the table gets a GSI by_day on two new attributes, GSI1PK = DAY#<day>, GSI1SK =
                USER#<id>. The code that registers accounts writes them from now on; the accounts already
                there have neither, so the new index holds %d items. On AWS the index's own backfill copies
                only items that carry its key attributes: a new attribute needs a job of ours.""", inIndexBefore);
        Backfill backfill = backfill(byDay);
        long inIndexAfter = Tables.count(db.plain(), table, "by_day");
        Metered<Integer> dayQuery = db.measure(() -> db.client().query(q -> q.tableName(table).indexName("by_day")
                .keyConditionExpression("GSI1PK = :d").expressionAttributeValues(Map.of(":d", fromS(day)))).count());
        long expected = IntStream.range(0, EARLIER_ACCOUNTS).filter(i -> signupDay(i).equals(day.substring(4))).count();
        if (dayQuery.value() != expected || inIndexAfter != EARLIER_ACCOUNTS) {
            throw new IllegalStateException("the backfill missed accounts: " + inIndexAfter + " indexed, " + dayQuery.value()
                    + " on " + day + " where " + expected + " signed up");
        }
        TextTable segments = TextTable.of("backfill, " + SEGMENTS + " segments", "Scan pages", "items read", "accounts updated",
                "read units", "write units");
        for (int s = 0; s < SEGMENTS; s++) {
            Segment seen = backfill.segments().get(s);
            segments.row("segment " + s, seen.pages(), seen.itemsRead(), seen.updated(), "", "");
        }
        segments.row("total", backfill.cost().scans(), backfill.cost().itemsRead(), backfill.cost().requests("UpdateItem"),
                        backfill.cost().readUnitsText(), backfill.cost().writeUnitsText())
                .print();
        Story.say("""
                %d threads each scanned one segment of the table (Segment i of TotalSegments %d), kept the
                account items still without GSI1PK and set it with an UpdateItem conditional on
                attribute_not_exists(GSI1PK), so a rerun, or an account the new code wrote meanwhile, is left
                alone. The job read every item of the table (%,d) to update %,d: %s read units and %s write
                units on the table, plus %s write units on the index as each account entered it. The index
                now holds %,d accounts; the day %s has %d, as loaded. The accounts registered through the
                exercise's code have no sign-up day and stay out of the index: a sparse index, by accident.
                The order that loses nothing: the new code writes the attributes first, then the backfill
                runs, then readers move to the index.""",
                SEGMENTS, SEGMENTS, backfill.cost().itemsRead(), backfill.cost().requests("UpdateItem"),
                backfill.cost().readUnitsText(), backfill.cost().writeUnitsText(), DynamoCost.format(backfill.indexUnits()),
                inIndexAfter, day.substring(4), dayQuery.value());
        RECAP.line("backfill of by_day: %d segments read %,d items to update %,d accounts, %s read and %s + %s"
                + " write units", SEGMENTS, backfill.cost().itemsRead(), backfill.cost().requests("UpdateItem"),
                backfill.cost().readUnitsText(), backfill.cost().writeUnitsText(), DynamoCost.format(backfill.indexUnits()));
        return byDay;
    }

    static Metered<Integer> members() {
        return db.measure(() -> db.client().query(q -> q.tableName(table).keyConditionExpression("PK = :g AND begins_with(SK, :m)")
                .expressionAttributeValues(Map.of(":g", fromS("GROUP#book-club"), ":m", fromS("MEMBER#")))).count());
    }

    /** Earlier account i: its account item (part 0) or one of its markers. */
    static Map<String, AttributeValue> earlierItem(int i, int part) {
        String user = "y" + i;
        return switch (part) {
            case 0 -> Map.of("PK", fromS("USER#" + user), "SK", fromS("PROFILE"), "username", fromS("user" + i),
                    "email", fromS("user" + i + "@example.com"), "display_name", fromS("User " + i), "version", fromN("1"),
                    "about", fromS(ABOUT), "signed_up", fromS(signupDay(i)));
            case 1 -> Map.of("PK", fromS("USERNAME#user" + i), "SK", fromS("USERNAME#user" + i), "user_id", fromS(user));
            default -> Map.of("PK", fromS("EMAIL#user" + i + "@example.com"), "SK", fromS("EMAIL#user" + i + "@example.com"),
                    "user_id", fromS(user));
        };
    }

    static String signupDay(int i) {
        return FIRST_DAY.plusDays(i % SIGNUP_DAYS).toString();
    }

    static void addIndex(GlobalSecondaryIndex index) {
        db.plain().updateTable(u -> u.tableName(table)
                .attributeDefinitions(Tables.attribute("GSI1PK", ScalarAttributeType.S), Tables.attribute("GSI1SK", ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                        .create(CreateGlobalSecondaryIndexAction.builder().indexName(index.indexName())
                                .keySchema(index.keySchema()).projection(index.projection()).build())
                        .build()));
        db.plain().waiter().waitUntilTableExists(b -> b.tableName(table));
    }

    /**
     * What one segment's thread saw, from the store's responses: Scan pages, items read (ScannedCount),
     * accounts updated, and the index's write units by AWS's formula.
     */
    record Segment(int pages, long itemsRead, int updated, double indexUnits) {}

    /** The segments, and what the whole job cost (the metered client prices every request of every thread). */
    record Backfill(List<Segment> segments, DynamoCost cost) {
        double indexUnits() {
            return segments.stream().mapToDouble(Segment::indexUnits).sum();
        }
    }

    static Backfill backfill(GlobalSecondaryIndex index) {
        IndexWrites onIndex = new IndexWrites(index, TABLE_KEYS);
        Metered<List<Segment>> run = db.measure(() -> inParallel(IntStream.range(0, SEGMENTS).mapToObj(segment -> (Callable<Segment>) () -> {
            int pages = 0;
            long read = 0;
            int updated = 0;
            double indexUnits = 0;
            // tag::backfill-scan[]
            for (ScanResponse page : db.client().scanPaginator(s -> s.tableName(table).segment(segment).totalSegments(SEGMENTS)
                    .filterExpression("begins_with(PK, :user) AND attribute_exists(signed_up) AND attribute_not_exists(GSI1PK)")
                    .expressionAttributeValues(Map.of(":user", fromS("USER#"))))) {
                // end::backfill-scan[]
                pages++;
                read += page.scannedCount();
                // tag::backfill-update[]
                for (Map<String, AttributeValue> account : page.items()) {
                    Map<String, AttributeValue> after = withDay(account);
                    db.client().updateItem(u -> u.tableName(table).key(Map.of("PK", account.get("PK"), "SK", account.get("SK")))
                            .updateExpression("SET GSI1PK = :day, GSI1SK = :user")
                            .conditionExpression("attribute_exists(PK) AND attribute_not_exists(GSI1PK)")
                            .expressionAttributeValues(Map.of(":day", after.get("GSI1PK"), ":user", after.get("GSI1SK"))));
                    // end::backfill-update[]
                    updated++;
                    indexUnits += onIndex.units(account, after);
                }
            }
            return new Segment(pages, read, updated, indexUnits);
        })));
        return new Backfill(run.value(), run.cost());
    }

    /** Runs each task on a thread of its own and returns their results in order; a long job, so no time limit. */
    static <T> List<T> inParallel(Stream<Callable<T>> tasks) {
        List<Callable<T>> all = tasks.toList();
        ExecutorService threads = Executors.newFixedThreadPool(all.size());
        try {
            List<T> results = new ArrayList<>();
            for (Future<T> done : threads.invokeAll(all)) {
                results.add(done.get());
            }
            return results;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failed ? failed : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the backfill ran", e);
        } finally {
            threads.shutdownNow();
        }
    }

    static Map<String, AttributeValue> withDay(Map<String, AttributeValue> account) {
        Map<String, AttributeValue> after = new HashMap<>(account);
        after.put("GSI1PK", fromS("DAY#" + account.get("signed_up").s()));
        after.put("GSI1SK", account.get("PK"));
        return after;
    }

    static void projections(GlobalSecondaryIndex byDay) {
        Story.section("An index's projection: what each write and each read of it costs");
        GlobalSecondaryIndex keysOnly = byDay.toBuilder().indexName("by_day_keys")
                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build();
        addIndex(keysOnly);
        List<Map<String, AttributeValue>> indexed = new ArrayList<>();
        db.plain().scanPaginator(s -> s.tableName(table).indexName("by_day")).items().forEach(indexed::add);
        TextTable units = TextTable.of("index by day", "entry bytes (mean)", "storage (+100 B each)", "units a put",
                "units a rename");
        for (GlobalSecondaryIndex index : List.of(byDay, keysOnly)) {
            IndexWrites writes = new IndexWrites(index, TABLE_KEYS);
            long bytes = indexed.stream().mapToLong(item -> ItemSize.of(writes.entry(item))).sum();
            double put = indexed.stream().mapToDouble(writes::units).sum();
            double rename = indexed.stream().mapToDouble(item -> writes.units(item, renamed(item))).sum();
            units.row(index.indexName() + " (" + index.projection().projectionTypeAsString() + ")", bytes / indexed.size(),
                    String.format("%,d KB", (bytes + 100L * indexed.size()) / 1024), DynamoCost.format(put / indexed.size()),
                    DynamoCost.format(rename / indexed.size()));
        }
        units.print();
        String day = "DAY#" + FIRST_DAY.plusDays(40);
        Metered<Integer> all = db.measure(() -> db.client().query(q -> q.tableName(table).indexName("by_day")
                .keyConditionExpression("GSI1PK = :d").expressionAttributeValues(Map.of(":d", fromS(day)))).count());
        Metered<Integer> keysThenItems = db.measure(() -> {
            List<Map<String, AttributeValue>> keys = db.client().query(q -> q.tableName(table).indexName("by_day_keys")
                    .keyConditionExpression("GSI1PK = :d").expressionAttributeValues(Map.of(":d", fromS(day)))).items().stream()
                    .map(item -> Map.of("PK", item.get("PK"), "SK", item.get("SK"))).toList();
            return db.client().batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder().keys(keys).build())))
                    .responses().get(table).size();
        });
        TextTable.of("a day's accounts with their profiles", "requests", "items read", "read units")
                .row("Query by_day (ALL)", all.cost().requestsText(), all.cost().itemsRead(), all.cost().readUnitsText())
                .row("Query by_day_keys, then BatchGetItem", keysThenItems.cost().requestsText(), keysThenItems.cost().itemsRead(),
                        keysThenItems.cost().readUnitsText())
                .print();
        double perAccount = CapacityUnits.write(ItemSize.of(indexed.get(0)), false);
        Story.say("""
                AWS bills an index write by the size of the entry it writes: the keys, plus what the index
                projects. With ALL, each account's 1.5 KB "about me" is copied into the index: %s write
                units a put, and a rename rewrites the whole entry again. KEYS_ONLY holds the keys alone:
                one unit a put, and nothing at all when a rename changes no key, since its entry did not
                change. The price is on the read: the day's %d accounts came back as keys and took a
                BatchGetItem for the profiles, %s against %s. Project ALL when the index is read often and
                its items change rarely; KEYS_ONLY (or INCLUDE of a few attributes) when it is written
                often and read rarely, or only to find keys.""",
                DynamoCost.format(perAccount), keysThenItems.value(), keysThenItems.cost().requestsText(), all.cost().requestsText());
        RECAP.line("projection: ALL copies %s write units an account onto the index, KEYS_ONLY 1 and nothing"
                + " on a rename, paid back by a BatchGetItem on every read", DynamoCost.format(perAccount));
    }

    static Map<String, AttributeValue> renamed(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> after = new HashMap<>(item);
        after.put("display_name", fromS(item.get("display_name").s() + " (renamed)"));
        return after;
    }

    static void hotIndexKey() {
        Story.section("A hot index key: every order awaiting shipment under one key");
        String orders = dynamo.table("lesson06e_orders");
        OnIndex oneKey = placeAndShip(orders, index("awaiting", "queue"), i -> order(i, "queue", "PLACED"));
        double perOrder = oneKey.placing() + oneKey.leaving();
        int ceiling = (int) (CapacityUnits.PARTITION_WRITE_UNITS_PER_SECOND / perOrder);
        Story.say("""
                Lesson 06d's sparse index keeps the orders awaiting shipment, and only those, under one
                key: queue = PLACED, sorted by queued_at. Here %d orders of that shape were placed and the
                warehouse shipped the %d oldest; each write's cost on the index comes from AWS's formula
                applied to the item the store holds (moto reports no per-index capacity). An order of %d
                bytes costs %s write unit(s) on the index as it enters, and %s as shipping removes it: %s
                units on the key PLACED for each order, however the table's own writes spread over orders.""",
                ORDERS, SHIPPED, oneKey.orderBytes(), DynamoCost.format(oneKey.placing()),
                DynamoCost.format(oneKey.leaving()), DynamoCost.format(perOrder));
        int shards = (SALE_ORDERS_PER_SECOND + ceiling - 1) / ceiling;
        Story.say("""
                An index's key lives on one partition of the index, and a partition serves about %,d write
                units a second (AWS's published ceiling; moto never throttles). So the key PLACED takes at
                most %,d orders a second: 06d's peak of %d uses %d%% of it; a sale at %,d a second needs %d
                keys. Splitting for heat does not help: every new order lands at the newest queued_at. And
                the index pushes back: AWS throttles the table's writes when an index cannot keep up.""",
                CapacityUnits.PARTITION_WRITE_UNITS_PER_SECOND, ceiling, Shop.ORDERS_PER_SECOND,
                Math.round(100.0 * Shop.ORDERS_PER_SECOND / ceiling), SALE_ORDERS_PER_SECOND, shards);
        String sharded = dynamo.table("lesson06e_orders_sharded");
        OnIndex spread = placeAndShip(sharded, index("awaiting", "queue_shard"),
                i -> order(i, "queue_shard", "PLACED#" + Math.floorMod(orderId(i).hashCode(), shards)));
        Metered<List<String>> one = db.measure(() -> orderIds(pickList(orders, "queue", "PLACED")));
        // tag::sharded-pick-list[]
        Metered<List<String>> merged = db.measure(() -> orderIds(IntStream.range(0, shards).boxed()
                .flatMap(shard -> pickList(sharded, "queue_shard", "PLACED#" + shard).stream())
                .sorted(Comparator.comparing(item -> item.get("queued_at").s())).limit(PICK_LIST).toList()));
        // end::sharded-pick-list[]
        if (!one.value().equals(merged.value())) {
            throw new IllegalStateException("the sharded pick list differs from the one-key pick list");
        }
        TextTable.of("the oldest " + PICK_LIST + " awaiting", "units an order", "orders/s at most", "requests", "items read",
                        "read units")
                .row("queue = PLACED", DynamoCost.format(perOrder), String.format("%,d", ceiling), one.cost().requestsText(),
                        one.cost().itemsRead(), one.cost().readUnitsText())
                .row("queue_shard = PLACED#0 to #" + (shards - 1), DynamoCost.format(spread.placing() + spread.leaving()),
                        String.format("%,d", ceiling * shards), merged.cost().requestsText(), merged.cost().itemsRead(),
                        merged.cost().readUnitsText())
                .print();
        Story.say("""
                The same orders again with queue_shard = PLACED#s, s from a hash of the order id, so the
                write that ships an order finds its entry by the order alone. Each order costs the index
                the same units, now spread over %d keys: %,d orders a second. The pick list pays: the
                oldest %d may sit on any shard, so it asks each for %d and merges, %s and %d items read
                for the same %d orders. Shard a key only when its rate needs it, by as few as it needs.""",
                shards, ceiling * shards, PICK_LIST, PICK_LIST, merged.cost().requestsText(), merged.cost().itemsRead(), PICK_LIST);
        RECAP.line("hot index key: %s write units an order on PLACED, so at most %,d orders/s; %d shards lift it"
                + " to %,d and the pick list takes %d Queries", DynamoCost.format(perOrder), ceiling, shards,
                ceiling * shards, merged.cost().queries());
    }

    /** What orders cost one index, by AWS's formula on the items the store held: units an order entering and leaving. */
    record OnIndex(long orderBytes, double placing, double leaving) {}

    /** Places the orders in a fresh table with the index, ships the oldest, and prices each write on the index. */
    static OnIndex placeAndShip(String orders, GlobalSecondaryIndex index, IntFunction<Map<String, AttributeValue>> order) {
        Tables.recreate(dynamo, db.plain(), Tables.keyed(orders, "PK", ScalarAttributeType.S, "SK", ScalarAttributeType.S)
                .attributeDefinitions(Stream.concat(Stream.of("PK", "SK"), index.keySchema().stream().map(KeySchemaElement::attributeName))
                        .map(a -> Tables.attribute(a, ScalarAttributeType.S)).toList())
                .globalSecondaryIndexes(index).build());
        IndexWrites onIndex = new IndexWrites(index, TABLE_KEYS);
        String queue = index.keySchema().get(0).attributeName();
        BatchLoader.put(db.plain(), orders, "orders placed", ORDERS, i -> order.apply((int) i));
        List<Map<String, AttributeValue>> placed = new ArrayList<>();
        db.plain().scanPaginator(s -> s.tableName(orders)).items().forEach(placed::add);
        placed.sort(Comparator.comparing(item -> item.get("queued_at").s()));
        double leaving = 0;
        for (Map<String, AttributeValue> before : placed.subList(0, SHIPPED)) {
            Map<String, AttributeValue> after = db.plain().updateItem(u -> u.tableName(orders)
                    .key(Map.of("PK", before.get("PK"), "SK", before.get("SK")))
                    .updateExpression("SET #s = :shipped REMOVE #q, queued_at")
                    .expressionAttributeNames(Map.of("#s", "status", "#q", queue))
                    .expressionAttributeValues(Map.of(":shipped", fromS("SHIPPED")))
                    .returnValues(ReturnValue.ALL_NEW)).attributes();
            leaving += onIndex.units(before, after);
        }
        return new OnIndex(ItemSize.of(placed.get(0)), placed.stream().mapToDouble(onIndex::units).sum() / ORDERS,
                leaving / SHIPPED);
    }

    /** The oldest orders awaiting shipment under one key of the index. */
    static List<Map<String, AttributeValue>> pickList(String orders, String queue, String key) {
        return db.client().query(q -> q.tableName(orders).indexName("awaiting").keyConditionExpression("#q = :q")
                .expressionAttributeNames(Map.of("#q", queue)).expressionAttributeValues(Map.of(":q", fromS(key)))
                .limit(PICK_LIST)).items();
    }

    /** A sparse index of orders awaiting shipment, keyed by the given attribute, oldest first, projecting ALL. */
    static GlobalSecondaryIndex index(String name, String queue) {
        return GlobalSecondaryIndex.builder().indexName(name)
                .keySchema(Tables.key(queue, KeyType.HASH), Tables.key("queued_at", KeyType.RANGE))
                .projection(p -> p.projectionType(ProjectionType.ALL)).build();
    }

    /** Order i, placed a second after order i - 1, awaiting shipment under the given index key. */
    static Map<String, AttributeValue> order(int i, String queue, String key) {
        Instant placedAt = FIRST_DAY.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(i);
        return Map.of("PK", fromS("ORDER#" + orderId(i)), "SK", fromS("#ORDER"), "customer_id", fromS("cust-" + i % 40),
                "placed_at", fromS(placedAt.toString()), "status", fromS("PLACED"), "total", fromN(Long.toString(1_000 + 37L * i)),
                queue, fromS(key), "queued_at", fromS(String.format("%013d#%s", placedAt.toEpochMilli(), orderId(i))));
    }

    static String orderId(int i) {
        return String.format("o-%05d", i);
    }

    static List<String> orderIds(List<Map<String, AttributeValue>> items) {
        return items.stream().map(item -> item.get("PK").s()).toList();
    }
}
