///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN cursor_pagination
//DESCRIPTION Lesson 08: cursor pagination: OFFSET against keyset, measured, and the message table that serves both reads (Cassandra, DynamoDB)

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;
import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.PaxosVariant;
import workshop.kit.chart.CostChart;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;
import workshop.kit.h2.H2;
import workshop.kit.ids.Snowflake;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class cursor_pagination {

    static final String KS = "lesson08";
    static final int PAGE = 50;
    static final long CHANNEL = 991;
    static final int H2_CHANNEL_SIZE = 60_000;
    static final int[] DEPTHS = {1, 10, 100, 1_000};
    /** Messages that arrive between two page loads in the paging-while-writing replay. */
    static final int ARRIVALS = 7;
    static final long BUCKET_SIZE = 100_000;
    /** Enough history that the newest page sits in bucket 1 and the next one crosses into bucket 0. */
    static final long CASSANDRA_HISTORY = 100_070;
    /** A channel whose head only plain writes touch, for comparing a plain write with a compare-and-set. */
    static final long UNCONDITIONAL_CHANNEL = 990;

    // tag::offset-page[]
    static final String OFFSET_PAGE =
            "SELECT seq FROM messages WHERE channel_id = ? ORDER BY channel_id, seq DESC LIMIT ? OFFSET ?";
    // end::offset-page[]
    // tag::keyset-page[]
    static final String KEYSET_PAGE =
            "SELECT seq FROM messages WHERE channel_id = ? AND seq < ? ORDER BY channel_id, seq DESC LIMIT ?";
    // end::keyset-page[]
    /** Keyset toward newer messages: the primary key's ascending order serves it. */
    static final String KEYSET_NEWER =
            "SELECT seq FROM messages WHERE channel_id = ? AND seq > ? ORDER BY channel_id, seq LIMIT ?";

    /** Each section adds what it measured. */
    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(cursor_pagination::run);
    }

    static void run() throws SQLException {
        Story.title("08", "cursor pagination");
        Story.say("""
                A channel's message history is written once, never changed, read backwards from some
                position a page at a time, and it is the largest table the app has. "Show the 50 messages
                before this one" is asked on every scroll. There are two ways to ask it: skip a number of
                rows (OFFSET), or continue from the last row seen (a keyset cursor: "50 messages of
                channel %d with seq below 41221, newest first"). We measure both in a relational
                database first, then build the Cassandra tables that serve the same reads.""", CHANNEL);
        try (Connection h2 = H2.memory("lesson08")) {
            offsetAgainstKeyset(h2);
            pagingWhileWriting(h2);
        }
        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            new CassandraPart(session).run();
        }
        dynamoPages();
        RECAP.print("./jbang check 08   (exercises/src/main/java/workshop/lesson08), then ./jbang lesson09");
    }

    // ---------------------------------------------------------------- DynamoDB: Limit and LastEvaluatedKey

    /** A quieter channel for DynamoDB: a history that ends in the middle of a page. */
    static final long QUIET_CHANNEL = 992;
    static final int QUIET_HISTORY = 170;
    /** A channel whose history is an exact number of pages, where emulators and AWS differ. */
    static final long EXACT_CHANNEL = 993;
    static final int EXACT_HISTORY = 2 * PAGE;

    static void dynamoPages() {
        Story.section("The same pages in DynamoDB: Limit, ExclusiveStartKey, LastEvaluatedKey");
        Story.say("""
                The Cassandra key carries over: pk "<channel>#<bucket>" with bucket = seq / %,d, sk seq (a
                number), and a Query with ScanIndexForward false reads a bucket newest first. Limit %d stops
                the read after %d items; when it stopped before the end of the partition, the answer carries
                LastEvaluatedKey, the key of the last item read, which the next page sends back as
                ExclusiveStartKey. It is the keyset cursor, handed out by the store. Channel %d has %d
                messages, channel %d has %d.""", BUCKET_SIZE, PAGE, PAGE, QUIET_CHANNEL, QUIET_HISTORY, EXACT_CHANNEL, EXACT_HISTORY);
        Dynamo dynamo = Dynamo.findOrStart();
        String table = dynamo.table("lesson08_messages");
        try (MeteredClient db = dynamo.meteredClient()) {
            Tables.recreate(dynamo, db.plain(), Tables.keyed(table, "pk", ScalarAttributeType.S, "seq", ScalarAttributeType.N).build());
            for (long channel : new long[] {QUIET_CHANNEL, EXACT_CHANNEL}) {
                int history = channel == QUIET_CHANNEL ? QUIET_HISTORY : EXACT_HISTORY;
                BatchLoader.put(db.plain(), table, "channel " + channel, history, i -> Map.of(
                        "pk", fromS(channel + "#" + CassandraPart.bucket(i + 1)), "seq", fromN(Long.toString(i + 1)),
                        "sender_id", fromN(Long.toString(i % 17)), "body", fromS("message " + (i + 1))));
            }
            TextTable pages = TextTable.of("channel", "request", "ExclusiveStartKey", "seqs returned", "items read", "read units",
                    "LastEvaluatedKey");
            int quietRequests = pageThrough(db, table, QUIET_CHANNEL, pages);
            int exactRequests = pageThrough(db, table, EXACT_CHANNEL, pages);
            pages.print();
            Story.say("""
                    Every request read exactly the items it returned, and cost the same read units wherever it
                    started: the store seeks to ExclusiveStartKey, it does not skip. Channel %d took %d requests;
                    the last one came back with %d items and no LastEvaluatedKey: the partition is done, and
                    bucket 0 is the oldest, so the history is done. (In a newer bucket, an absent key means: go
                    on at the top of the previous bucket, as the Cassandra read did.)""",
                    QUIET_CHANNEL, quietRequests, QUIET_HISTORY % PAGE);
            Story.say(exactRequests > EXACT_HISTORY / PAGE ? """
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
        }
    }

    /** Pages a channel's only bucket newest first until LastEvaluatedKey is absent; returns the requests made. */
    static int pageThrough(MeteredClient db, String table, long channel, TextTable pages) {
        Map<String, AttributeValue> startKey = null;
        int requests = 0;
        do {
            Map<String, AttributeValue> from = startKey;
            Metered<QueryResponse> page = db.measure(() -> db.client().query(q -> q.tableName(table)
                    .keyConditionExpression("pk = :pk").expressionAttributeValues(Map.of(":pk", fromS(channel + "#0")))
                    .scanIndexForward(false).limit(PAGE).exclusiveStartKey(from)));
            requests++;
            List<Map<String, AttributeValue>> items = page.value().items();
            DynamoCost cost = page.cost();
            startKey = page.value().hasLastEvaluatedKey() && !page.value().lastEvaluatedKey().isEmpty()
                    ? page.value().lastEvaluatedKey() : null;
            pages.row(channel, requests, from == null ? "none" : "seq " + from.get("seq").n(),
                    items.isEmpty() ? "none" : items.get(0).get("seq").n() + ".." + items.get(items.size() - 1).get("seq").n(),
                    cost.itemsRead(), cost.readUnitsText(), startKey == null ? "absent" : "seq " + startKey.get("seq").n());
        } while (startKey != null);
        return requests;
    }

    // ---------------------------------------------------------------- H2: what each page costs

    static void offsetAgainstKeyset(Connection h2) throws SQLException {
        Story.section("A busy channel in H2: " + String.format("%,d", H2_CHANNEL_SIZE) + " messages, pages of " + PAGE);
        try (Statement ddl = h2.createStatement()) {
            ddl.execute("DROP TABLE IF EXISTS messages");
            ddl.execute("""
                    CREATE TABLE messages (channel_id BIGINT NOT NULL, seq BIGINT NOT NULL, sender_id BIGINT,
                      body VARCHAR(200), PRIMARY KEY (channel_id, seq))""");
            ddl.execute("INSERT INTO messages SELECT " + CHANNEL + ", X, MOD(X, 17), 'message ' || X FROM SYSTEM_RANGE(1, "
                    + H2_CHANNEL_SIZE + ")");
            // Other channels share the table, so a scan of the whole table would show.
            ddl.execute("INSERT INTO messages SELECT 1 + MOD(X, 40), X, MOD(X, 17), 'message ' || X FROM SYSTEM_RANGE(1, 20000)");
        }
        Story.say("""
                messages(channel_id, seq, sender_id, body) with PRIMARY KEY (channel_id, seq): seq is the
                message's number inside its channel, 1, 2, 3... Channel %d holds seq 1 to %,d; 40 other
                channels share the table. The question, newest first: ORDER BY channel_id, seq DESC.""",
                CHANNEL, H2_CHANNEL_SIZE);

        Story.section("First try: only the primary key, which is sorted oldest first");
        PlanLine pkOffset = PlanLine.of(h2, OFFSET_PAGE, CHANNEL, PAGE, 0);
        PlanLine pkKeyset = PlanLine.of(h2, KEYSET_PAGE, CHANNEL, Long.MAX_VALUE, PAGE);
        TextTable.of("query (page 1)", "index used", "sorted by the index", "rows read", "rows returned")
                .row("OFFSET 0", pkOffset.index(), pkOffset.sorted(), pkOffset.rowsRead(), PAGE)
                .row("keyset (no cursor yet)", pkKeyset.index(), pkKeyset.sorted(), pkKeyset.rowsRead(), PAGE)
                .print();
        Story.say("""
                The primary key finds the channel, but it holds the channel's rows in ascending seq order
                and H2 does not walk an index backwards. To hand back the newest 50 it reads every message
                of the channel (%,d rows) and sorts them: the engine cannot stop early. The first page is
                as expensive as a full export of the channel.""", pkOffset.rowsRead());

        try (Statement ddl = h2.createStatement()) {
            ddl.execute("CREATE INDEX messages_newest_first ON messages (channel_id, seq DESC)");
        }
        Story.section("With an index on (channel_id, seq DESC): OFFSET against keyset, page by page");
        CostChart chart = new CostChart("Rows read for one page of " + PAGE + " (H2, EXPLAIN ANALYZE scanCount)",
                "page number", "rows read").logarithmic();
        TextTable depths = TextTable.of("page", "OFFSET", "OFFSET rows read", "cursor (seq <)", "keyset rows read",
                "same rows", "ratio");
        long cursor = Long.MAX_VALUE;
        int depthIndex = 0;
        long[] deepest = new long[2]; // rows read by OFFSET and by keyset at the deepest page measured
        for (int page = 1; page <= DEPTHS[DEPTHS.length - 1]; page++) {
            List<Long> keysetRows = seqs(h2, KEYSET_PAGE, CHANNEL, cursor, PAGE);
            if (page == DEPTHS[depthIndex]) {
                int offset = (page - 1) * PAGE;
                long offsetRead = H2.rowsScanned(h2, OFFSET_PAGE, CHANNEL, PAGE, offset);
                long keysetRead = H2.rowsScanned(h2, KEYSET_PAGE, CHANNEL, cursor, PAGE);
                boolean same = keysetRows.equals(seqs(h2, OFFSET_PAGE, CHANNEL, PAGE, offset));
                depths.row(page, offset, offsetRead, cursor == Long.MAX_VALUE ? "none (page 1)" : cursor, keysetRead,
                        same ? "yes" : "NO", String.format("%,.0fx", (double) offsetRead / keysetRead));
                deepest[0] = offsetRead;
                deepest[1] = keysetRead;
                chart.point("OFFSET", page, offsetRead);
                chart.point("keyset (seq < cursor)", page, keysetRead);
                depthIndex++;
            }
            cursor = keysetRows.get(keysetRows.size() - 1);
        }
        depths.print();
        Story.say("""
                Now the index holds the channel newest first, so H2 starts at the top and stops as soon as
                it has the page. OFFSET still has to walk past every skipped row: page n reads (n - 1) x %d
                + %d rows, and only the last %d are kept. The keyset query seeks straight to the cursor
                and reads the page (plus one row at the boundary), whatever the depth. "same rows" checks
                that both returned the same page; "ratio" is OFFSET's rows read over keyset's.""",
                PAGE, PAGE, PAGE);
        Story.say("Chart: %s", chart.save("lesson08-rows-read-per-page"));
        RECAP.line("H2, page %,d of %d rows: OFFSET read %,d rows, the keyset cursor %,d", DEPTHS[DEPTHS.length - 1],
                PAGE, deepest[0], deepest[1]);

        Story.section("The ORDER BY must name the index's columns");
        PlanLine bySeqOnly = PlanLine.of(h2, "SELECT seq FROM messages WHERE channel_id = ? ORDER BY seq DESC LIMIT ?", CHANNEL, PAGE);
        PlanLine named = PlanLine.of(h2, OFFSET_PAGE, CHANNEL, PAGE, 0);
        TextTable.of("query (page 1)", "index used", "sorted by the index", "rows read")
                .row("ORDER BY channel_id, seq DESC", named.index(), named.sorted(), named.rowsRead())
                .row("ORDER BY seq DESC", bySeqOnly.index(), bySeqOnly.sorted(), bySeqOnly.rowsRead())
                .print();
        Story.say("""
                Both ask for the same rows (channel_id is fixed by the WHERE clause), but H2 only trusts an
                index to deliver the order when the ORDER BY lists the index's columns in its order. With
                "ORDER BY seq DESC" it picks the primary key, reads the whole channel and sorts. Read the
                plan: "index sorted" is what lets the engine stop early.""");
    }

    /** The index a plan used, whether it delivered the order, and the rows it read. */
    record PlanLine(String index, String sorted, long rowsRead) {
        static final Pattern INDEX = Pattern.compile("/\\* PUBLIC\\.(\\w+)");

        static PlanLine of(Connection h2, String sql, Object... parameters) throws SQLException {
            String plan = H2.plan(h2, sql, parameters);
            Matcher index = INDEX.matcher(plan);
            return new PlanLine(index.find() ? index.group(1) : "none", plan.contains("/* index sorted */") ? "yes" : "no",
                    H2.rowsScanned(h2, sql, parameters));
        }
    }

    static List<Long> seqs(Connection h2, String sql, Object... parameters) throws SQLException {
        try (var query = h2.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setObject(i + 1, parameters[i]);
            }
            List<Long> seqs = new ArrayList<>();
            try (var rows = query.executeQuery()) {
                while (rows.next()) {
                    seqs.add(rows.getLong(1));
                }
            }
            return seqs;
        }
    }

    // ---------------------------------------------------------------- H2: paging while messages arrive

    static void pagingWhileWriting(Connection h2) throws SQLException {
        Story.section("Paging while messages arrive: a replay, step by step");
        Story.say("""
                A reader loads a page, %d new messages arrive, the reader loads the next page, %d more
                arrive, and so on. The steps run one after another in a fixed order, so the outcome is the
                same on every run. Two directions: scrolling back from the newest message, and scrolling
                toward the newest after jumping to a position 4 pages deep (a search hit, a reply).
                "Seen twice" counts rows shown more than once; "missed" counts rows that existed before the
                reader started, lie between the oldest and the newest row shown, and never appeared.""",
                ARRIVALS, ARRIVALS);
        long channel = 42;
        TextTable replay = TextTable.of("reader", "direction", "pages", "rows shown", "seen twice", "missed");
        int[] faults = new int[4]; // OFFSET seen twice, OFFSET missed, keyset seen twice, keyset missed
        for (boolean keyset : new boolean[] {false, true}) {
            Tally back = replay(h2, channel, false, keyset);
            Tally toward = replay(h2, channel, true, keyset);
            faults[keyset ? 2 : 0] = back.seenTwice() + toward.seenTwice();
            faults[keyset ? 3 : 1] = back.missed() + toward.missed();
            String reader = keyset ? "keyset (seq < / seq > cursor)" : "OFFSET";
            replay.row(reader, "back (older)", back.pages(), back.shown(), back.seenTwice(), back.missed());
            replay.row(reader, "toward newest", toward.pages(), toward.shown(), toward.seenTwice(), toward.missed());
        }
        replay.print();
        Story.say("""
                Scrolling back, each arrival pushes every older row one place down, so the next OFFSET lands
                %d rows too early and repeats them. Scrolling toward the newest, offsets are counted from a
                top that keeps moving up: every step jumps %d rows too far and skips them. The keyset
                reader names a seq, and a message's seq never changes: new messages cannot move it.""",
                ARRIVALS, ARRIVALS);
        RECAP.line("paging while messages arrive: OFFSET showed %d rows twice and missed %d; keyset %d and %d",
                faults[0], faults[1], faults[2], faults[3]);
    }

    record Tally(int pages, int shown, int seenTwice, int missed) {}

    /** Resets the channel to 300 messages, then replays 5 page loads with arrivals between them. */
    static Tally replay(Connection h2, long channel, boolean towardNewest, boolean keyset) throws SQLException {
        try (var reset = h2.prepareStatement("DELETE FROM messages WHERE channel_id = ?")) {
            reset.setLong(1, channel);
            reset.executeUpdate();
        }
        long[] newest = {0};
        arrive(h2, channel, newest, 300);
        Set<Long> before = new HashSet<>(seqs(h2, "SELECT seq FROM messages WHERE channel_id = ?", channel));
        int jump = 4 * PAGE;
        List<Long> shown = new ArrayList<>();
        List<Long> page = seqs(h2, OFFSET_PAGE, channel, PAGE, towardNewest ? jump : 0);
        shown.addAll(page);
        int pages = 5;
        for (int step = 1; step < pages; step++) {
            arrive(h2, channel, newest, ARRIVALS);
            if (!keyset) {
                int offset = towardNewest ? jump - step * PAGE : step * PAGE;
                page = seqs(h2, OFFSET_PAGE, channel, PAGE, offset);
            } else if (towardNewest) {
                page = new ArrayList<>(seqs(h2, KEYSET_NEWER, channel, Collections.max(shown), PAGE));
                Collections.reverse(page); // shown newest first, like every other page
            } else {
                page = seqs(h2, KEYSET_PAGE, channel, Collections.min(shown), PAGE);
            }
            shown.addAll(page);
        }
        TreeSet<Long> distinct = new TreeSet<>(shown);
        int missed = (int) before.stream().filter(s -> s >= distinct.first() && s <= distinct.last())
                .filter(s -> !distinct.contains(s)).count();
        return new Tally(pages, shown.size(), shown.size() - distinct.size(), missed);
    }

    /** Appends count messages to the channel; newest[0] holds its highest seq. */
    static void arrive(Connection h2, long channel, long[] newest, int count) throws SQLException {
        try (var insert = h2.prepareStatement("INSERT INTO messages (channel_id, seq, sender_id, body) VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < count; i++) {
                long seq = ++newest[0];
                insert.setLong(1, channel);
                insert.setLong(2, seq);
                insert.setLong(3, seq % 17);
                insert.setString(4, "message " + seq);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    // ---------------------------------------------------------------- Cassandra: the message table

    static final class CassandraPart {

        private final CqlSession session;
        private final TracingSession traced;
        private final CostProbe probe;
        private final Snowflake ids = new Snowflake(8);
        private PreparedStatement insertMessage;
        private PreparedStatement pageOfBucket;
        private PreparedStatement readMessage;
        private PreparedStatement readHead;
        private PreparedStatement advanceHead;
        private PreparedStatement readClaim;
        private PreparedStatement claim;

        CassandraPart(CqlSession session) {
            this.session = session;
            this.traced = new TracingSession(session);
            this.probe = new CostProbe(traced);
        }

        static long bucket(long seq) {
            return seq / BUCKET_SIZE;
        }

        void run() {
            createTables();
            loadHistory();
            pages();
            sequenceAllocation();
            idempotentSend();
        }

        void createTables() {
            Story.section("The same reads in Cassandra: three tables");
            Keyspaces.recreateAndUse(session, KS);
            session.execute(schema("""
                    CREATE TABLE messages (
                      channel_id bigint, bucket bigint, seq bigint,
                      message_id bigint, sender_id bigint, client_msg_id text, body text, server_ts timestamp,
                      PRIMARY KEY ((channel_id, bucket), seq))
                    WITH CLUSTERING ORDER BY (seq DESC)
                      AND compaction = {'class': 'TimeWindowCompactionStrategy',
                                        'compaction_window_unit': 'DAYS', 'compaction_window_size': 7}"""));
            session.execute(schema("""
                    CREATE TABLE channel_head (
                      channel_id bigint PRIMARY KEY, high_water_seq bigint, current_bucket bigint, last_activity timestamp)"""));
            session.execute(schema("""
                    CREATE TABLE message_by_client_id (
                      channel_id bigint, sender_id bigint, client_msg_id text, seq bigint, message_id bigint,
                      PRIMARY KEY ((channel_id, sender_id, client_msg_id)))
                    WITH default_time_to_live = 86400"""));
            insertMessage = session.prepare("""
                    INSERT INTO messages (channel_id, bucket, seq, message_id, sender_id, client_msg_id, body, server_ts)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)""");
            pageOfBucket = session.prepare(
                    "SELECT seq FROM messages WHERE channel_id = ? AND bucket = ? AND seq < ? LIMIT ?");
            readMessage = session.prepare(
                    "SELECT message_id FROM messages WHERE channel_id = ? AND bucket = ? AND seq = ?");
            readHead = session.prepare(
                    "SELECT high_water_seq, current_bucket FROM channel_head WHERE channel_id = ?");
            advanceHead = session.prepare("""
                    UPDATE channel_head SET high_water_seq = ?, current_bucket = ?, last_activity = ?
                    WHERE channel_id = ? IF high_water_seq = ?""");
            readClaim = session.prepare("""
                    SELECT seq, message_id FROM message_by_client_id
                    WHERE channel_id = ? AND sender_id = ? AND client_msg_id = ?""");
            claim = session.prepare("""
                    INSERT INTO message_by_client_id (channel_id, sender_id, client_msg_id, seq, message_id)
                    VALUES (?, ?, ?, ?, ?) IF NOT EXISTS""");
            Story.say("""
                    messages: PRIMARY KEY ((channel_id, bucket), seq), newest first, bucket = seq / %,d. The
                    bucket caps a partition at %,d messages and is computed from the seq itself, so no lookup
                    is needed to find it. message_id (a Snowflake id) is the message's global identity;
                    server_ts is for display only and never orders anything. The rows are written once and
                    read mostly while young, so TimeWindowCompactionStrategy (7-day windows) compacts each
                    week's files together and leaves old weeks alone.

                    channel_head: one row per channel with high_water_seq and current_bucket, read for every
                    newest page and every unread count (high_water_seq minus the reader's last seq), never
                    derived by scanning messages.

                    message_by_client_id: (channel_id, sender_id, client_msg_id) -> seq, message_id, kept for
                    one day, so a send that is retried returns the first result.""", BUCKET_SIZE, BUCKET_SIZE);
        }

        void loadHistory() {
            Instant start = Instant.now();
            BulkWriter.write(session, String.format("writing %,d messages of channel %d", CASSANDRA_HISTORY, CHANNEL),
                    CASSANDRA_HISTORY, i -> {
                        long seq = i + 1;
                        return insertMessage.bind(CHANNEL, bucket(seq), seq, ids.next(), seq % 17, "import-" + seq,
                                "message " + seq, start.plusMillis(seq));
                    });
            // Created conditionally: from here on the row changes only by compare-and-set, and a row that
            // conditional writes change must never take a plain write, whose timestamp Paxos does not order.
            boolean created = session.execute(session.prepare("""
                    INSERT INTO channel_head (channel_id, high_water_seq, current_bucket, last_activity)
                    VALUES (?, ?, ?, ?) IF NOT EXISTS""").bind(CHANNEL, CASSANDRA_HISTORY, bucket(CASSANDRA_HISTORY),
                    Instant.now())).wasApplied();
            Story.say("""
                    Channel %d's history, seq 1 to %,d, was imported in bulk with plain inserts; its head row
                    was then created with INSERT ... IF NOT EXISTS (%s). Every later change of that row is a
                    compare-and-set, and a row changed by conditional writes takes no plain write: Paxos
                    orders its own writes, not a plain write's timestamp, so mixing them on one row can lose
                    an update. The sends below go through the full path. Bucket 1 holds seq 100,000 and
                    up (%,d messages); bucket 0 holds the %,d before them.""", CHANNEL, CASSANDRA_HISTORY,
                    created ? "applied" : "NOT applied: the row existed", CASSANDRA_HISTORY - BUCKET_SIZE + 1, BUCKET_SIZE - 1);
        }

        /** One page below beforeSeq, newest first, walking back one bucket at a time until it is full. */
        List<Long> page(CqlSession on, long channel, long beforeSeq, int size) {
            List<Long> page = new ArrayList<>();
            for (long b = bucket(beforeSeq - 1); b >= 0 && page.size() < size; b--) {
                List<Row> rows = on.execute(pageOfBucket.bind(channel, b, beforeSeq, size - page.size())).all();
                if (rows.isEmpty()) {
                    break; // seqs are dense: an empty bucket means there is nothing older
                }
                rows.forEach(r -> page.add(r.getLong("seq")));
            }
            return page;
        }

        void pages() {
            Story.section("Newest page and scroll-back pages, measured from the trace");
            Story.say("""
                    Both reads are prefix scans of one partition: the newest page starts at the head's
                    current bucket with no bound; scrolling back continues with seq < cursor in the cursor's
                    bucket. When a bucket runs out before the page is full, the read continues in the
                    previous bucket, asking only for the rows still missing.""");
            TextTable table = TextTable.of("page", "cursor (seq <)", "buckets", "nodes asked", "partitions read",
                    "rows read", "rows returned");
            Measured<List<Row>> head = probe.read(readHead.bind(CHANNEL));
            QueryCost headCost = head.cost();
            long cursor = head.value().get(0).getLong("high_water_seq") + 1;
            table.row("channel_head", "-", "-", headCost.nodesAsked(), headCost.partitionsDescription(),
                    headCost.rowsRead(), headCost.rowsReturned());
            int depthIndex = 0;
            long deepRowsRead = 0;
            int[] shownPages = {1, 2, 10, 100, 1_000};
            for (int page = 1; page <= shownPages[shownPages.length - 1]; page++) {
                List<Long> rows;
                if (page == shownPages[depthIndex]) {
                    long before = cursor;
                    Measured<List<Long>> measured = traced.measure(() -> page(traced, CHANNEL, before, PAGE));
                    rows = measured.value();
                    QueryCost cost = measured.cost();
                    table.row(page == 1 ? "1 (newest)" : page, page == 1 ? "none" : cursor,
                            bucket(rows.get(0)) == bucket(rows.get(rows.size() - 1)) ? Long.toString(bucket(rows.get(0)))
                                    : bucket(rows.get(0)) + " and " + bucket(rows.get(rows.size() - 1)),
                            cost.nodesAsked(), cost.partitionsDescription(), cost.rowsRead(), cost.rowsReturned());
                    deepRowsRead = cost.rowsRead();
                    depthIndex++;
                } else {
                    rows = page(session, CHANNEL, cursor, PAGE);
                }
                cursor = rows.get(rows.size() - 1);
            }
            Measured<List<Long>> last = traced.measure(() -> page(traced, CHANNEL, 31, PAGE));
            table.row("last", 31, 0, last.cost().nodesAsked(), last.cost().partitionsDescription(), last.cost().rowsRead(),
                    last.cost().rowsReturned());
            table.print();
            Story.say("""
                    Page 2 straddles the boundary between bucket 1 and bucket 0: two partitions, still only the
                    %d rows of the page. Every page reads what it returns, at page 1,000 as at page 1, and
                    the last page (below seq 31) reads its 30 rows and stops: bucket 0 is the oldest there is.
                    The cursor is a seq, so a page never depends on how many messages arrived since.""", PAGE);
            RECAP.line("Cassandra, page %,d: %,d rows read for %d shown, across ((channel, bucket), seq) partitions",
                    shownPages[shownPages.length - 1], deepRowsRead, PAGE);
        }

        void sequenceAllocation() {
            Story.section("Allocating seq: compare-and-set on channel_head");
            Story.say("""
                    Every message needs the next seq of its channel, exactly once. The sender reads the head,
                    then asks Cassandra to move it from n to n + 1 only if it is still n: a lightweight
                    transaction (Paxos). Two servers that read the same n race; one wins, the other is told
                    the current value and tries again with it.""");
            long n = session.execute(readHead.bind(CHANNEL)).one().getLong("high_water_seq");
            // The plain write for comparison goes to a row no conditional write ever touches.
            QueryCost plain = probe.write(session.prepare(
                    "UPDATE channel_head SET last_activity = ? WHERE channel_id = ?").bind(Instant.now(), UNCONDITIONAL_CHANNEL));
            Measured<Cas> serverA = cas(n);
            Measured<Cas> serverB = cas(n); // B read the same n before A's write landed
            long current = serverB.value().current();
            Measured<Cas> serverBAgain = cas(current);
            TextTable.of("write (head to value + 1)", "applied", "partitions read", "rows read",
                            "partition writes")
                    .row("plain update, channel " + UNCONDITIONAL_CHANNEL + "'s head", "yes", plain.partitionsRead(),
                            plain.rowsRead(), plain.partitionWrites())
                    .row(String.format("server A: IF high_water_seq = %,d", n), serverA.value().applied(),
                            serverA.cost().partitionsRead(), serverA.cost().rowsRead(), serverA.cost().partitionWrites())
                    .row(String.format("server B: IF high_water_seq = %,d", n), serverB.value().applied(),
                            serverB.cost().partitionsRead(), serverB.cost().rowsRead(), serverB.cost().partitionWrites())
                    .row(String.format("server B again: IF high_water_seq = %,d", current), serverBAgain.value().applied(),
                            serverBAgain.cost().partitionsRead(), serverBAgain.cost().rowsRead(),
                            serverBAgain.cost().partitionWrites())
                    .print();
            Story.say("""
                    Server B's failed attempt came back with the current value (%,d), so its second try needed
                    no extra read. The price shows in the trace: a compare-and-set reads the row to check the
                    condition and writes the Paxos state (system.paxos) besides the row itself; compare its
                    partition writes with the plain update. With three replicas, the prepare, the read and the
                    proposal each wait for a majority of them, and the commit for the statement's consistency
                    level. %s All sends of a channel pass through its one head row, one compare-and-set at a
                    time: the trace timed this one at %.1f ms on this machine, which would allow roughly %,d
                    allocations a second per channel before senders start losing races and retrying (a rough
                    figure: a busy machine changes it from run to run). A chat channel sends far fewer. Handing each server a block of seqs
                    would be cheaper, but then seq order is no longer send order and pages would show
                    messages out of order. A seq taken and never used (a crash between allocation and
                    write) leaves a gap, which keyset pages do not notice.""",
                    current, PaxosVariant.sentence(session), ms(serverA.cost()),
                    Math.round(1000 / Math.max(ms(serverA.cost()), 0.1)));
            RECAP.line("a compare-and-set on channel_head read %d row and wrote %d Paxos state rows besides the"
                    + " head, where a plain update read %d; the loser got the current value back",
                    serverA.cost().rowsRead(), serverA.cost().paxosWrites(), plain.rowsRead());
        }

        /** The outcome of one compare-and-set: applied or not, and the head's value afterwards. */
        record Cas(String applied, long current) {}

        Measured<Cas> cas(long expected) {
            long next = expected + 1;
            return traced.measure(() -> {
                ResultSet result = traced.execute(advanceHead.bind(next, bucket(next), Instant.now(), CHANNEL, expected));
                // A compare-and-set that did not apply answers with the value it found.
                return result.wasApplied() ? new Cas("yes", next) : new Cas("no", result.one().getLong("high_water_seq"));
            });
        }

        void idempotentSend() {
            Story.section("Idempotent sends: a retry returns the first result and writes nothing");
            Story.say("""
                    A phone sends a message, the connection drops before the answer arrives, and the app sends
                    it again with the same client_msg_id. The server first looks the id up in
                    message_by_client_id; only when it is not there does it allocate a seq, claim the id
                    (INSERT ... IF NOT EXISTS, so two copies racing each other cannot both win) and write the
                    message.""");
            long sender = 5;
            String clientMsgId = "phone-5-0001";
            TextTable steps = TextTable.of("send", "step", "partitions read", "rows read", "partition writes");
            QueryCost lookup = probe.read(readClaim.bind(CHANNEL, sender, clientMsgId)).cost();
            steps.row("first", "look up the client id (not found)", lookup.partitionsRead(), lookup.rowsRead(),
                    lookup.partitionWrites());
            Measured<List<Row>> head = probe.read(readHead.bind(CHANNEL));
            steps.row("first", "read channel_head", head.cost().partitionsRead(), head.cost().rowsRead(),
                    head.cost().partitionWrites());
            long hw = head.value().get(0).getLong("high_water_seq");
            Measured<Cas> allocated = cas(hw);
            long seq = hw + 1;
            long messageId = ids.next();
            QueryCost claimed = probe.write(claim.bind(CHANNEL, sender, clientMsgId, seq, messageId));
            QueryCost written = probe.write(insertMessage.bind(CHANNEL, bucket(seq), seq, messageId, sender, clientMsgId,
                    "on my way", Instant.now()));
            steps.row("first", String.format("allocate seq %,d (compare-and-set)", seq), allocated.cost().partitionsRead(),
                    allocated.cost().rowsRead(), allocated.cost().partitionWrites());
            steps.row("first", "claim the client id (IF NOT EXISTS)", claimed.partitionsRead(), claimed.rowsRead(),
                    claimed.partitionWrites());
            steps.row("first", "write the message", written.partitionsRead(), written.rowsRead(), written.partitionWrites());

            Measured<List<Row>> retry = probe.read(readClaim.bind(CHANNEL, sender, clientMsgId));
            Row first = retry.value().get(0);
            QueryCost check = probe.read(readMessage.bind(CHANNEL, bucket(first.getLong("seq")), first.getLong("seq"))).cost();
            steps.row("retry", "look up the client id (found)", retry.cost().partitionsRead(), retry.cost().rowsRead(),
                    retry.cost().partitionWrites());
            steps.row("retry", "check the message row exists", check.partitionsRead(), check.rowsRead(),
                    check.partitionWrites());
            steps.print();
            Row ttl = session.execute(session.prepare("""
                    SELECT TTL(seq) FROM message_by_client_id
                    WHERE channel_id = ? AND sender_id = ? AND client_msg_id = ?""").bind(CHANNEL, sender, clientMsgId)).one();
            Story.say("""
                    The retry got seq %,d and message id %d back, the same as the first send (%s), and wrote
                    nothing. It also checks that the message row exists: if the first attempt died between the
                    claim and the message write, the retry writes the message under the claimed seq and id.
                    The claim expires by itself (TTL now %,d s of 86,400): a day covers any client's retries,
                    and the table stays small.""", first.getLong("seq"), first.getLong("message_id"),
                    first.getLong("seq") == seq && first.getLong("message_id") == messageId ? "checked" : "NOT the same",
                    ttl.getInt(0));
            RECAP.line("a retried send: %d partition writes, and the first send's seq and id back (%s)",
                    retry.cost().partitionWrites() + check.partitionWrites(),
                    first.getLong("seq") == seq && first.getLong("message_id") == messageId ? "checked" : "NOT the same");
        }

        static double ms(QueryCost cost) {
            return cost.elapsed().toNanos() / 1e6;
        }
    }
}
