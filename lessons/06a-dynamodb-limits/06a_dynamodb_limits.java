///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/chat/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//SOURCES ../06-dynamodb-keys/given/workshop/lesson06/*.java
//SOURCES ../06-dynamodb-keys/.meta/solution/workshop/lesson06/*.java
//MAIN dynamodb_limits
//DESCRIPTION Appendix to lesson 06: DynamoDB's limits: a 400 KB item, a partition's write ceiling, 100 actions a transaction

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import workshop.fixtures.chat.FanOutQueue;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.CapacityUnits;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.ItemSize;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson06.ChannelBuckets;
import workshop.lesson06.ChatListEntry;
import workshop.lesson06.ChatLists;

/** Lesson 06's chat lists are the reference solution's ChatLists, compiled in; the fan-out queue is the kit's. */
class dynamodb_limits {

    static final long NOW_BUCKET = ChannelBuckets.at(Instant.now());
    static final long GENERAL = Snowflake.firstIdAt(ChannelBuckets.start(NOW_BUCKET - 9)) + 1;
    static final String[] AUTHORS = {"ana", "ben", "cy", "dee"};

    static MeteredClient db;
    static String messages;
    static String chats;
    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(dynamodb_limits::run);
    }

    static void run() {
        Story.title("06a", "appendix: DynamoDB's limits");
        Dynamo dynamo = Dynamo.findOrStart();
        messages = dynamo.table("lesson06a_messages");
        chats = dynamo.table("lesson06a_chats");
        try (MeteredClient client = dynamo.meteredClient()) {
            db = client;
            Tables.recreate(dynamo, db.plain(), Tables.keyed(messages, "pk", ScalarAttributeType.S, "message_id",
                    ScalarAttributeType.N).build());
            Tables.recreate(dynamo, db.plain(), Tables.keyed(chats, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
            itemSize();
            hotKey();
            tooManyActions();
        }
        RECAP.print("./jbang lesson06b");
    }

    static void itemSize() {
        Story.section("An item's size: what the store refuses, and what a big item costs");
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
        RECAP.line("a 450,000-character item was %s; a 300 KB item costs %s write units a write",
                hugeOutcome.startsWith("accepted") ? "stored" : "refused", put.writeUnitsText());
    }

    static void hotKey() {
        Story.section("A hot key: one partition's write ceiling, and write sharding");
        Map<String, AttributeValue> typical = messageItem(GENERAL + ":" + NOW_BUCKET, Snowflake.firstIdAt(Instant.now()), "ana",
                "see you at the launch party tonight!");
        double unitsPerMessage = CapacityUnits.write(ItemSize.of(typical), false);
        int ceiling = (int) (CapacityUnits.PARTITION_WRITE_UNITS_PER_SECOND / unitsPerMessage);
        int launchRate = 5_000;
        int shards = (int) Math.ceil(launchRate * unitsPerMessage / CapacityUnits.PARTITION_WRITE_UNITS_PER_SECOND);
        Story.say("""
                Throttling is not something this emulator shows (moto accepts every write at any rate), so
                here it is computed from what AWS publishes. A table's capacity is either provisioned
                (units a second, bought ahead) or on-demand (paid per request, grown as traffic grows).
                Either way it lives on partitions, and one partition serves at most %,d write units and
                %,d read units a second. Capacity is not split evenly any more: adaptive capacity lets a
                hot partition borrow what the others leave unused, and DynamoDB splits a partition
                whose keys stay hot ("split for heat"), each half on its own ceiling. Neither helps one
                key: a key lives on one partition, and a time-ordered sort key sends every new message
                to the newest end of any split.""",
                CapacityUnits.PARTITION_WRITE_UNITS_PER_SECOND, CapacityUnits.PARTITION_READ_UNITS_PER_SECOND);
        Story.say("""
                A typical message item is %d bytes, %s write unit(s), so one partition key takes at most
                %,d messages a second however much capacity the table has. A launch channel expecting %,d
                a second needs its writes spread over %d keys: write sharding, pk "launch:bucket#s" with
                s = message id mod %d. Reads pay for it.""",
                ItemSize.of(typical), DynamoCost.format(unitsPerMessage), ceiling, launchRate, shards, shards);
        long launch = Snowflake.firstIdAt(ChannelBuckets.start(NOW_BUCKET)) + 4;
        int count = 1_000;
        BatchLoader.put(db.plain(), messages, "launch messages, one key and sharded", 2L * count, i -> {
            long id = Snowflake.firstIdAt(ChannelBuckets.start(NOW_BUCKET).plusMillis(i / 2)); // one a millisecond
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

    static Map<String, AttributeValue> messageItem(String partition, long id, String author, String body) {
        return Map.of("pk", fromS(partition), "message_id", fromN(Long.toString(id)), "author_id", fromS(author), "body", fromS(body));
    }

    static void tooManyActions() {
        Story.section("100 actions a transaction: a big group's send, and the queue that replaces it");
        List<String> town = IntStream.rangeClosed(1, 100).mapToObj(i -> "resident" + i).toList();
        new ChatLists(db.plain(), chats).createChat("town-hall", town);
        ChatLists lists = new ChatLists(db.client(), chats);
        long meeting = Snowflake.firstIdAt(Instant.now());
        String asked;
        try {
            lists.send("town-hall", "resident1", meeting, "meeting tonight");
            asked = "sent (no limit checked)";
        } catch (IllegalArgumentException refused) {
            asked = refused.getMessage();
        }
        FanOutQueue queue = new FanOutQueue(db.client(), chats);
        List<TransactWriteItem> moves = town.stream()
                .flatMap(member -> queue.move(member, "town-hall", 0, meeting, "meeting tonight").stream()).toList();
        String refusal;
        try {
            db.client().transactWriteItems(t -> t.transactItems(moves));
            refusal = "accepted (this store does not enforce the limit)";
        } catch (DynamoDbException e) {
            refusal = "refused: \"" + e.awsErrorDetails().errorMessage() + "\"";
        }
        Story.say("""
                A send to a group of 100 needs 203 actions (ConditionCheck, head, message, and a delete and a
                put per member); one transaction takes at most %d. Lesson 06's ChatLists says so before it
                sends: "%s". Sent anyway, the %d row moves alone in one transaction are %s""",
                ChatLists.MAX_ACTIONS, asked, moves.size(), refusal);
        RECAP.line("a group of 100 needs 203 actions, over the limit of %d: a fan-out job instead", ChatLists.MAX_ACTIONS);

        int crashAfter = 40;
        Story.say("""
                The way out: a small transaction writes the message, moves the head and queues a fan-out job;
                a worker then moves each member's row in its own two-action transaction. Each move is
                idempotent (delete the row at the old key, put the row at the new one), so a worker that dies
                half-way is simply run again. Here the first run stops after %d members.""", crashAfter);
        TextTable fanOut = TextTable.of("step", "write requests", "items written", "write units");
        Metered<Integer> queued = db.measure(() -> queue.send("town-hall", "resident1", 0, meeting, "meeting tonight"));
        fanOut.row("message, head and job: 1 transaction of " + queued.value() + " actions", writeRequests(queued.cost()),
                queued.cost().itemsWritten(), queued.cost().writeUnitsText());
        DynamoCost crashed = db.measure(() -> queue.work(crashAfter));
        fanOut.row("worker, first run (stops after " + crashAfter + " members)", writeRequests(crashed), crashed.itemsWritten(),
                crashed.writeUnitsText());
        DynamoCost rerun = db.measure(() -> queue.work(Integer.MAX_VALUE));
        fanOut.row("worker, run again (100 moves, then deletes the job)", writeRequests(rerun), rerun.itemsWritten(),
                rerun.writeUnitsText());
        fanOut.print();
        long onTop = town.stream().map(member -> lists.chatList(member, 100)).filter(list -> onTopOnce(list, meeting)).count();
        Story.say("""
                %d of %d members now have town-hall on top, each exactly once: the %d rows moved twice were
                put at the same key again. Until the worker finishes, some lists lag behind the message, the
                same brief disagreement a global secondary index has; the message itself, in its own
                partition, stays the one source of truth the lists can be rebuilt from.""", onTop, town.size(), crashAfter);
        RECAP.line("fan-out: %d of %d lists moved after a worker died at %d and ran again", onTop, town.size(), crashAfter);
    }

    static boolean onTopOnce(List<ChatListEntry> list, long message) {
        return list.get(0).chatId().equals("town-hall") && list.get(0).lastMessageId() == message
                && list.stream().filter(entry -> entry.chatId().equals("town-hall")).count() == 1;
    }

    static int writeRequests(DynamoCost cost) {
        return cost.requests("TransactWriteItems") + cost.requests("DeleteItem");
    }
}
