///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//SOURCES ../06-dynamodb-keys/given/workshop/lesson06/*.java
//SOURCES ../06-dynamodb-keys/.meta/solution/workshop/lesson06/*.java
//MAIN dynamodb_index
//DESCRIPTION Appendix to lesson 06: a global secondary index, a second key on the same items

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import workshop.fixtures.ids.Snowflake;
import workshop.fixtures.ids.SpreadIds;
import workshop.kit.Poll;
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
import workshop.lesson06.ChannelMessage;
import workshop.lesson06.ChannelMessages;

/** Messages are written by the reference solution's ChannelMessages, compiled in, as in lesson 06. */
class dynamodb_index {

    static final long NOW_BUCKET = ChannelBuckets.at(Instant.now());
    static final String[] AUTHORS = {"ana", "ben", "cy", "dee"};
    /** Channel ids are snowflakes too: these were created nine buckets (90 days) ago. */
    static final long GENERAL = Snowflake.firstIdAt(ChannelBuckets.start(NOW_BUCKET - 9)) + 1;
    static final long RANDOM = GENERAL + 1;
    static final long HELP = GENERAL + 2;
    static final Map<Long, String> CHANNEL_NAMES = Map.of(GENERAL, "general", RANDOM, "random", HELP, "help");

    static MeteredClient db;
    static String messages;

    public static void main(String... args) {
        Failures.guard(dynamodb_index::run);
    }

    static void run() {
        Story.title("06b", "appendix: all of one author's messages, across channels: an index with another key");
        Dynamo dynamo = Dynamo.findOrStart();
        messages = dynamo.table("lesson06b_messages");
        try (MeteredClient client = dynamo.meteredClient()) {
            db = client;
            Tables.recreate(dynamo, db.plain(), Tables.keyed(messages, "pk", ScalarAttributeType.S, "message_id", ScalarAttributeType.N)
                    .attributeDefinitions(Tables.attribute("pk", ScalarAttributeType.S), Tables.attribute("message_id", ScalarAttributeType.N),
                            Tables.attribute("author_id", ScalarAttributeType.S))
                    .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("by_author")
                            .keySchema(Tables.key("author_id", KeyType.HASH), Tables.key("message_id", KeyType.RANGE))
                            .projection(p -> p.projectionType(ProjectionType.ALL)).build())
                    .build());
            byAuthor().print("./jbang lesson06c");
        }
    }

    /** count messages in a bucket of a channel, spread evenly from its start (or up to now, for the current one). */
    static void send(long channel, long bucket, int count) {
        ChannelMessages loader = new ChannelMessages(db.plain(), messages, Clock.systemUTC());
        Instant start = ChannelBuckets.start(bucket);
        long[] ids = SpreadIds.between(start, bucket == NOW_BUCKET ? Instant.now() : start.plusSeconds(3_600L * count), count);
        for (int i = 0; i < count; i++) {
            loader.add(new ChannelMessage(channel, ids[i], AUTHORS[i % AUTHORS.length],
                    "message " + i + " in " + CHANNEL_NAMES.get(channel)));
        }
    }

    static List<Long> ids(List<Map<String, AttributeValue>> items) {
        return items.stream().map(i -> Long.parseLong(i.get("message_id").n())).toList();
    }

    static Recap byAuthor() {
        Story.say("""
                "ana's newest 20 messages, in any channel" names no channel, so no partition of this table
                answers it. Lesson 06's channel general gets its messages again (12, 160 and 60 in three
                buckets), two more channels 40 each from the same four people, then the question is asked
                two ways.""");
        send(GENERAL, NOW_BUCKET, 12);
        send(GENERAL, NOW_BUCKET - 3, 160);
        send(GENERAL, NOW_BUCKET - 4, 60);
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
        // On AWS the index can lag just after the load: it is updated asynchronously.
        Metered<QueryResponse> indexed = Poll.until("the index by_author to catch up with the table", Duration.ofSeconds(30))
                .get(() -> Optional.of(newestByAuthor("ana")).filter(q -> ids(q.value().items()).equals(scanned.value())),
                        "rerun; if it happens again, the emulator is overloaded: ./jbang status");
        TextTable.of("ana's newest 20", "requests", "items read", "items returned", "read units")
                .row("Scan the table, filter author_id = ana", scanned.cost().requests(), scanned.cost().itemsRead(),
                        scanned.cost().itemsReturned(), scanned.cost().readUnitsText())
                .row("Query the index by_author", indexed.cost().requests(), indexed.cost().itemsRead(),
                        indexed.cost().itemsReturned(), indexed.cost().readUnitsText())
                .print();
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
        return Recap.measured()
                .line("ana's newest 20 across channels: the Scan read %,d items, the index by_author %d",
                        scanned.cost().itemsRead(), indexed.cost().itemsRead())
                .line("a strongly consistent read of the index was %s", refusal.startsWith("accepted") ? "accepted" : "refused")
                .line("a message of %d bytes: %s write unit(s) on the table, %s more on the index", ItemSize.of(sample),
                        DynamoCost.format(units), DynamoCost.format(units));
    }

    static Metered<QueryResponse> newestByAuthor(String author) {
        return db.measure(() -> db.client().query(q -> q.tableName(messages).indexName("by_author")
                .keyConditionExpression("author_id = :a").expressionAttributeValues(Map.of(":a", fromS(author)))
                .scanIndexForward(false).limit(20)));
    }
}
