///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN time_buckets
//DESCRIPTION Lesson 03: time buckets cap a chat's partition; Q1 walks back across them

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodeMetrics;
import workshop.kit.cassandra.NodeMetrics.TableOnNode;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class time_buckets {

    static final String KS = "lesson03";

    // The big public group of the lesson map, and the rule of thumb it is held against.
    static final long MEMBERS = 50_000;
    static final long MESSAGES_PER_MONTH = 500_000;
    static final long BYTES_PER_MESSAGE = 100;
    static final int MONTHS = 24;
    static final long RULE_OF_THUMB_MB = 100;

    /** The lesson loads 1/2,000 of the group's history so it runs in seconds on a laptop. */
    static final int SCALE = 2_000;

    /** Discord's bucket: ten days of milliseconds since its epoch. */
    static final long BUCKET_MILLIS = Duration.ofDays(10).toMillis();
    /** A fixed "now", so every run shows the same buckets. */
    static final Instant NOW = Instant.parse("2025-01-06T12:00:00Z");
    /** How far back Q1 may walk: 12 buckets, 120 days. */
    static final int MAX_BUCKETS = 12;

    public static void main(String... args) {
        Failures.guard(time_buckets::run);
    }

    static void run() {
        Story.title("03", "time buckets");
        Story.say("""
                Lesson 02 gave every chat one partition, newest message first. That serves Q1 from one
                place, but a partition never splits: it grows for as long as its chat lives, and it lives
                whole on one node (and on that node's replicas). Adding nodes does not make it smaller.
                The message table is also the one where time decides everything: each message is
                written once, it is read backwards in pages from a position (the newest, or a linked
                message), the table is one or two orders of magnitude bigger than every other, and most
                reads touch the last day while a few scroll years back and must still not time out.""");

        Story.section("How big does the big public group's partition get?");
        long mbPerMonth = MESSAGES_PER_MONTH * BYTES_PER_MESSAGE / 1_000_000;
        long mbAfter = mbPerMonth * MONTHS;
        TextTable.of("input or result", "value")
                .row("members", MEMBERS)
                .row("messages a month", MESSAGES_PER_MONTH)
                .row("bytes a message", BYTES_PER_MESSAGE)
                .row("partition growth a month", mbPerMonth + " MB")
                .row("after " + MONTHS + " months", String.format("%,d MB", mbAfter))
                .row("rule of thumb for one partition", RULE_OF_THUMB_MB + " MB")
                .row("times over", String.format("%dx", mbAfter / RULE_OF_THUMB_MB))
                .print();
        Story.say("""
                %,d members write %,d messages a month: at %d bytes each the partition grows %d MB a month,
                %,d MB after %d months, %d times the roughly %d MB that a common rule of thumb allows one
                partition. Q1 itself stays cheap: it reads the newest rows first and stops at its limit.""",
                MEMBERS, MESSAGES_PER_MONTH, BYTES_PER_MESSAGE, mbPerMonth, mbAfter, MONTHS,
                mbAfter / RULE_OF_THUMB_MB, RULE_OF_THUMB_MB);

        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            String indexCache = session.execute(
                    "SELECT value FROM system_views.settings WHERE name = 'column_index_cache_size'").one().getString("value");
            Story.say("""
                    What Cassandra 5.0 pays for it is not memory: a partition's row index is no longer held
                    in the heap whole (this node caches at most column_index_cache_size = %s of it, read
                    from its settings; the rest stays on disk and is read in pieces). The costs are
                    elsewhere: compaction rewrites the partition as one unit on one node, repair that finds
                    one difference in it streams all of it, a node joining or leaving moves it whole, a read
                    that starts deep in it (a link to an old message) must seek through its index, and the
                    node that owns it carries it alone.""", indexCache);
            Keyspaces.recreateAndUse(session, KS);
            session.execute(schema("""
                    CREATE TABLE messages (
                      conversation_id text, message_id bigint, body text,
                      PRIMARY KEY ((conversation_id), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            session.execute(schema("""
                    CREATE TABLE messages_by_month (
                      conversation_id text, month int, message_id bigint, body text,
                      PRIMARY KEY ((conversation_id, month), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            // tag::bucket-schema[]
            session.execute(schema("""
                    CREATE TABLE messages_by_bucket (
                      conversation_id text, bucket int, message_id bigint, body text,
                      PRIMARY KEY ((conversation_id, bucket), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            // end::bucket-schema[]
            PreparedStatement plain = session.prepare("INSERT INTO messages (conversation_id, message_id, body) VALUES (?, ?, ?)");
            PreparedStatement byMonth = session.prepare(
                    "INSERT INTO messages_by_month (conversation_id, month, message_id, body) VALUES (?, ?, ?, ?)");
            PreparedStatement byBucket = session.prepare(
                    "INSERT INTO messages_by_bucket (conversation_id, bucket, message_id, body) VALUES (?, ?, ?, ?)");

            Story.section("Measure it: the group's last " + MONTHS + " months at 1:" + String.format("%,d", SCALE));
            int messages = (int) (MESSAGES_PER_MONTH / SCALE * MONTHS);
            long[] ids = spreadOver(NOW.atOffset(ZoneOffset.UTC).minusMonths(MONTHS).toInstant(), NOW, messages);
            String body = "x".repeat((int) BYTES_PER_MESSAGE);
            Story.say("""
                    %,d messages of %d bytes in one chat, "public", over %d months, each written to three
                    tables: messages (the chat is the partition), messages_by_month ((chat, month) is the
                    partition) and messages_by_bucket ((chat, 10-day bucket), Discord's choice: ten days
                    keeps a busy channel's partition under about %d MB while reading it is still one ordered
                    range). The month and the bucket both come from the message id itself: no lookup is
                    needed to find them.""",
                    messages, BYTES_PER_MESSAGE, MONTHS, RULE_OF_THUMB_MB);
            LongFunction<BoundStatement> write = i -> {
                long id = ids[(int) (i / 3)];
                return switch ((int) (i % 3)) {
                    case 0 -> plain.bind("public", id, body);
                    case 1 -> byMonth.bind("public", monthOf(id), id, body);
                    default -> byBucket.bind("public", bucketOf(id), id, body);
                };
            };
            BulkWriter.Load load = BulkWriter.writeByPartition(session, "writing " + messages + " messages to three tables",
                    (long) messages * 3, write);
            Story.say("""
                    %,d writes, a partition's rows in unlogged batches of up to %d, at most 128 in flight
                    (lesson 03a compares this with a plain loop and with one write per request).""",
                    load.statements(), BulkWriter.BATCH_ROWS);

            NodeMetrics metrics = NodeMetrics.of(cassandra, session);
            Map<String, Long> largestBytes = new java.util.HashMap<>();
            List<String> nodeNames = List.of();
            TextTable sizes = TextTable.of("table", "partition key", "partitions per node", "largest partition",
                    "at full size");
            for (String[] table : new String[][] {
                    {"messages", "chat"},
                    {"messages_by_month", "(chat, month)"},
                    {"messages_by_bucket", "(chat, bucket)"}}) {
                metrics.flushAndCompact(Keyspaces.name(KS), table[0]);
                Map<String, TableOnNode> onNodes = metrics.table(Keyspaces.name(KS), table[0]);
                nodeNames = List.copyOf(onNodes.keySet());
                long largest = onNodes.values().stream().mapToLong(TableOnNode::largestPartitionBytes).max().orElse(0);
                largestBytes.put(table[0], largest);
                sizes.row(table[0], table[1],
                        onNodes.values().stream().map(t -> String.valueOf(t.partitions())).collect(Collectors.joining(" / ")),
                        String.format("%,.1f KB", largest / 1e3), String.format("%,.0f MB", largest * (double) SCALE / 1e6));
            }
            sizes.print();
            Story.say("""
                    Read from each node's own metrics (%s, in that order; "at full size" is the largest
                    partition times %,d) after writing its memtables to disk (the numbers come
                    from a histogram whose steps are about 20%% apart, so they are upper bounds). The
                    unbucketed chat is one partition on one node, and scaled back up it is well over the
                    %d MB mark: each row carries its key and a timestamp besides the %d-byte body. By month,
                    the largest partition is one month of the chat; by 10-day bucket, roughly a third of that. The
                    buckets are separate partitions, so they spread over every node.""",
                    String.join(", ", nodeNames), SCALE, RULE_OF_THUMB_MB, BYTES_PER_MESSAGE);
            NodesSeen.caveat(session, "buckets spreading over the nodes").ifPresent(Story::say);

            Story.section("Q1 with buckets: start in the bucket of now, walk back while short");
            Story.say("""
                    Now is %s, bucket %d. Q1 asks the current bucket for 50 messages; if it holds fewer, it
                    asks the bucket before for the rest, and so on. Four chats show what that costs: the big
                    group, a team whose bucket began a few hours ago, a quiet book club, and an archived chat.""",
                    NOW, bucketAt(NOW));
            long bucketStart = bucketAt(NOW) * BUCKET_MILLIS + Snowflake.EPOCH_MILLIS;
            long day = Duration.ofDays(1).toMillis();
            List<long[]> others = List.of(
                    spreadOver(Instant.ofEpochMilli(bucketStart + day / 8), NOW, 10), // standup: 10 since the bucket began
                    spreadOver(Instant.ofEpochMilli(bucketStart - 9 * day), Instant.ofEpochMilli(bucketStart - 1), 200),
                    spreadOver(NOW.minus(Duration.ofDays(50)), NOW.minus(Duration.ofDays(35)), 60), // book-club
                    spreadOver(NOW.minus(Duration.ofDays(400)), NOW.minus(Duration.ofDays(300)), 40)); // archive
            String[] owners = {"standup", "standup", "book-club", "archive"};
            List<Object[]> rows = new ArrayList<>();
            for (int o = 0; o < others.size(); o++) {
                for (long id : others.get(o)) {
                    rows.add(new Object[] {owners[o], bucketOf(id), id, body});
                }
            }
            BulkWriter.writeByPartition(session, "writing " + rows.size() + " messages of three smaller chats", rows.size(),
                    i -> byBucket.bind(rows.get((int) i)));

            PreparedStatement newest = session.prepare(
                    "SELECT message_id FROM messages_by_bucket WHERE conversation_id = ? AND bucket = ? LIMIT ?");
            TracingSession traced = new TracingSession(session);
            TextTable walks = TextTable.of("chat", "buckets asked (rows found)", "partitions read", "rows read",
                    "rows returned");
            Map<String, QueryCost> walkCosts = new java.util.HashMap<>();
            for (String chat : List.of("public", "standup", "book-club", "archive")) {
                Measured<List<Integer>> walk = traced.measure(() -> walk(traced, newest, chat, 50));
                QueryCost cost = walk.cost();
                walkCosts.put(chat, cost);
                walks.row(chat, describe(walk.value()), cost.partitionsRead(), cost.rowsRead(), cost.rowsReturned());
            }
            walks.print();
            Story.say("""
                    Each empty or short bucket costs one more single-partition read. A bucket that has just
                    begun makes Q1 read two partitions for a while; a quiet chat makes it step through empty
                    buckets; a chat silent for a year would make it step forever, so the walk stops after %d
                    buckets (%d days) and shows what it found. A tighter bound comes for free when the chat
                    id is itself a time-ordered id: the walk can stop at the bucket the chat was created in.""",
                    MAX_BUCKETS, Duration.ofMillis(MAX_BUCKETS * BUCKET_MILLIS).toDays());

            Story.section("Q3 still reads one row: the bucket comes from the id in the link");
            long linked = ids[ids.length / 2];
            QueryCost q3 = new CostProbe(session).read(session.prepare(
                    "SELECT body FROM messages_by_bucket WHERE conversation_id = ? AND bucket = ? AND message_id = ?")
                    .bind("public", bucketOf(linked), linked)).cost();
            TextTable.of("query", "nodes asked", "partitions read", "rows read")
                    .row("Q3, bucket = id >> 22 / 10 days", q3.nodesAsked(), q3.partitionsRead(), q3.rowsRead())
                    .print();

            Story.section("What a bucket does not fix");
            Story.say("""
                    A bucket caps the size of a partition, not its traffic: every new message of the big group
                    goes to the current bucket, on one node, and every reader of the group reads it. A chat
                    that thousands read at once needs a cache in front of the store, not another key. Buckets
                    by time suit chats whose rate is known; where it varies a lot, a bucket by sequence number
                    (bucket = seq / 100,000) holds a fixed number of messages instead, at the price of keeping
                    a per-chat counter.""");
            Recap.measured()
                    .line("largest partition at 1:%,d: %,.1f KB unbucketed, %,.1f KB by month, %,.1f KB by 10-day bucket",
                            SCALE, largestBytes.get("messages") / 1e3, largestBytes.get("messages_by_month") / 1e3,
                            largestBytes.get("messages_by_bucket") / 1e3)
                    .line("scaled to the full group, the unbucketed partition is about %,.0f MB, the rule of thumb %d MB",
                            largestBytes.get("messages") * (double) SCALE / 1e6, RULE_OF_THUMB_MB)
                    .line("Q1 over buckets read %d partition(s) for the big group, %d for the new standup bucket,"
                            + " %d for the quiet book club, %d for the archive (bounded)",
                            walkCosts.get("public").partitionsRead(), walkCosts.get("standup").partitionsRead(),
                            walkCosts.get("book-club").partitionsRead(), walkCosts.get("archive").partitionsRead())
                    .line("Q3 still reads %d row in %d partition: the bucket comes from the id", q3.rowsRead(),
                            q3.partitionsRead())
                    .line("a bucket caps a partition's size, not its traffic")
                    .print("./jbang check 03   (lessons/03-time-buckets/src), then ./jbang lesson04");
        }
    }

    /** Discord's bucket: the id's milliseconds since the epoch (id >> 22), in 10-day steps. */
    // tag::bucket-of[]
    static int bucketOf(long messageId) {
        return (int) ((messageId >> Snowflake.TIME_SHIFT) / BUCKET_MILLIS);
    }
    // end::bucket-of[]

    static int bucketAt(Instant instant) {
        return bucketOf(Snowflake.firstIdAt(instant));
    }

    /** The month of the id as a number, 202501 for January 2025. */
    static int monthOf(long messageId) {
        LocalDate date = LocalDate.ofInstant(Snowflake.instant(messageId), ZoneOffset.UTC);
        return date.getYear() * 100 + date.getMonthValue();
    }

    /** Q1 over buckets: ask the current bucket, then older ones for what is still missing, at most MAX_BUCKETS. */
    // tag::walk[]
    static List<Integer> walk(CqlSession session, PreparedStatement newest, String chat, int n) {
        List<Integer> foundPerBucket = new ArrayList<>();
        int found = 0;
        for (int bucket = bucketAt(NOW); found < n && foundPerBucket.size() < MAX_BUCKETS; bucket--) {
            List<Row> rows = session.execute(newest.bind(chat, bucket, n - found)).all();
            foundPerBucket.add(rows.size());
            found += rows.size();
        }
        return foundPerBucket;
    }
    // end::walk[]

    /** "2: 10+40", newest bucket first. */
    static String describe(List<Integer> foundPerBucket) {
        return foundPerBucket.size() + ": " + foundPerBucket.stream().map(String::valueOf).collect(Collectors.joining("+"));
    }

    /** count time-ordered ids evenly spread from `from` (inclusive) to `to` (exclusive). */
    static long[] spreadOver(Instant from, Instant to, int count) {
        long span = to.toEpochMilli() - from.toEpochMilli();
        long[] ids = new long[count];
        for (int i = 0; i < count; i++) {
            ids[i] = Snowflake.firstIdAt(from.plusMillis(span * i / count));
        }
        return ids;
    }

}
