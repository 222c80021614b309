///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//MAIN dynamodb_pages
//DESCRIPTION Appendix to lesson 08: the same keyset pages in DynamoDB, with Limit, ExclusiveStartKey and LastEvaluatedKey

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class dynamodb_pages {

    static final int PAGE = 50;
    /** Lesson 08's bucket: seq / 100,000. */
    static final long BUCKET_SIZE = 100_000;
    /** A quiet channel: a history that ends in the middle of a page. */
    static final long QUIET_CHANNEL = 992;
    static final int QUIET_HISTORY = 170;
    /** A channel whose history is an exact number of pages, where emulators and AWS differ. */
    static final long EXACT_CHANNEL = 993;
    static final int EXACT_HISTORY = 2 * PAGE;

    public static void main(String... args) {
        Failures.guard(dynamodb_pages::run);
    }

    static void run() {
        Story.title("08a", "appendix: the same pages in DynamoDB");
        Story.say("""
                Lesson 08's Cassandra key carries over: pk "<channel>#<bucket>" with bucket = seq / %,d, sk
                seq (a number), and a Query with ScanIndexForward false reads a bucket newest first. Limit
                %d stops the read after %d items; when it stopped before the end of the partition, the
                answer carries LastEvaluatedKey, the key of the last item read, which the next page sends
                back as ExclusiveStartKey. It is the keyset cursor, handed out by the store. Channel %d has
                %d messages, channel %d has %d.""", BUCKET_SIZE, PAGE, PAGE, QUIET_CHANNEL, QUIET_HISTORY,
                EXACT_CHANNEL, EXACT_HISTORY);
        Dynamo dynamo = Dynamo.findOrStart();
        String table = dynamo.table("lesson08_messages");
        try (MeteredClient db = dynamo.meteredClient()) {
            Tables.recreate(dynamo, db.plain(), Tables.keyed(table, "pk", ScalarAttributeType.S, "seq", ScalarAttributeType.N).build());
            for (long channel : new long[] {QUIET_CHANNEL, EXACT_CHANNEL}) {
                int history = channel == QUIET_CHANNEL ? QUIET_HISTORY : EXACT_HISTORY;
                BatchLoader.put(db.plain(), table, "channel " + channel, history, i -> Map.of(
                        "pk", fromS(channel + "#" + (i + 1) / BUCKET_SIZE), "seq", fromN(Long.toString(i + 1)),
                        "sender_id", fromN(Long.toString(i % 17)), "body", fromS("message " + (i + 1))));
            }
            TextTable pages = TextTable.of("channel", "request", "ExclusiveStartKey", "seqs returned", "items read",
                    "read units", "LastEvaluatedKey");
            Paged quiet = pageThrough(db, table, QUIET_CHANNEL, pages);
            Paged exact = pageThrough(db, table, EXACT_CHANNEL, pages);
            pages.print();
            Story.say("""
                    Every request read exactly the items it returned, and cost the same read units wherever it
                    started: the store seeks to ExclusiveStartKey, it does not skip. Channel %d took %d requests;
                    the last one came back with %d items and no LastEvaluatedKey: the partition is done, and
                    bucket 0 is the oldest, so the history is done. (In a newer bucket, an absent key means: go
                    on at the top of the previous bucket, as lesson 08's Cassandra read did.)""",
                    QUIET_CHANNEL, quiet.requests(), QUIET_HISTORY % PAGE);
            Story.say(exact.requests() > EXACT_HISTORY / PAGE ? """
                    Channel %d ends exactly on a page boundary. This store returned LastEvaluatedKey with the
                    second page, as AWS does when Limit stops the read even at the very last item: it does not
                    look ahead. So the client asked once more, got 0 items and no key, and paid the smallest
                    read for that answer. An empty page with no key is the end, not an error."""
                    : """
                    Channel %d ends exactly on a page boundary. This emulator left LastEvaluatedKey out of the
                    second page, because nothing follows. AWS does not look ahead: when Limit stops the read,
                    it returns LastEvaluatedKey even at the very last item, and the client's next request comes
                    back with 0 items, no key, and the smallest read unit billed. The loop above copes with both:
                    it pages while LastEvaluatedKey is present and treats an empty page without a key as the end.""",
                    EXACT_CHANNEL);
            Recap.measured()
                    .line("channel %d, %d messages: %d requests of Limit %d, each reading the items it returned",
                            QUIET_CHANNEL, QUIET_HISTORY, quiet.requests(), PAGE)
                    .line("read units of a full page: %s%s", String.join(" or ", quiet.fullPageUnits()),
                            quiet.fullPageUnits().size() == 1 ? ", wherever the page started" : "")
                    .line("channel %d, exactly %d pages: %d requests (%s)", EXACT_CHANNEL, EXACT_HISTORY / PAGE,
                            exact.requests(), exact.requests() > EXACT_HISTORY / PAGE
                                    ? "the last one empty, no key: the end" : "no key on the last full page")
                    .print("./jbang lesson09");
        }
    }

    /** How many requests paging a channel took, and what a full page cost in read units. */
    record Paged(int requests, Set<String> fullPageUnits) {}

    /** Pages a channel's only bucket newest first until LastEvaluatedKey is absent. */
    static Paged pageThrough(MeteredClient db, String table, long channel, TextTable pages) {
        Map<String, AttributeValue> startKey = null;
        int requests = 0;
        Set<String> fullPageUnits = new TreeSet<>();
        do {
            Map<String, AttributeValue> from = startKey;
            Metered<QueryResponse> page = db.measure(() -> db.client().query(q -> q.tableName(table)
                    .keyConditionExpression("pk = :pk").expressionAttributeValues(Map.of(":pk", fromS(channel + "#0")))
                    .scanIndexForward(false).limit(PAGE).exclusiveStartKey(from)));
            requests++;
            List<Map<String, AttributeValue>> items = page.value().items();
            DynamoCost cost = page.cost();
            if (items.size() == PAGE) {
                fullPageUnits.add(cost.readUnitsText());
            }
            startKey = page.value().hasLastEvaluatedKey() && !page.value().lastEvaluatedKey().isEmpty()
                    ? page.value().lastEvaluatedKey() : null;
            pages.row(channel, requests, from == null ? "none" : "seq " + from.get("seq").n(),
                    items.isEmpty() ? "none" : items.get(0).get("seq").n() + ".." + items.get(items.size() - 1).get("seq").n(),
                    cost.itemsRead(), cost.readUnitsText(), startKey == null ? "absent" : "seq " + startKey.get("seq").n());
        } while (startKey != null);
        return new Paged(requests, fullPageUnits);
    }
}
