///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//MAIN physical_toolkit
//DESCRIPTION Appendix to lesson 04: static columns, collections and a UDT, counters, views, the partition-size formula

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodeMetrics;
import workshop.kit.cassandra.NodeMetrics.TableOnNode;
import workshop.kit.cassandra.PartitionSizeFormula;
import workshop.kit.cassandra.TableWrites;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.ReadCosts;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class physical_toolkit {

    static final String KS = "lesson04c";
    static final String CHAT = "book-club";
    /** Where the view's write path is measured, so the book club's partition keeps its size for the formula. */
    static final String OTHER_CHAT = "garden-club";
    static final int MESSAGES = 500;
    static final String TITLE = "Book club: The Left Hand of Darkness, chapters 1 to 5";
    static final int MEMBERS = 5_000;
    static final int PAGE = 20;

    final CqlSession session;
    final CostProbe probe;
    final Recap recap = Recap.measured();

    physical_toolkit(CqlSession session) {
        this.session = session;
        this.probe = new CostProbe(session);
    }

    public static void main(String... args) {
        Failures.guard(physical_toolkit::run);
    }

    static void run() {
        Story.title("04c", "appendix: Cassandra's physical toolkit, each measured");
        Story.say("""
                The logical model says which tables answer which questions; the physical model picks how
                each column is stored. Cassandra offers a few tools for that step: static columns,
                collections and user-defined types, counters, materialized views. Each has a price and a
                trap, measured here on the chat app, and the partition-size formula then checks a table's
                partition against what the node itself reports.""");
        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            Keyspaces.recreateAndUse(session, KS);
            physical_toolkit lesson = new physical_toolkit(session);
            lesson.staticColumns();
            lesson.collections();
            lesson.counters();
            lesson.materializedViews();
            lesson.partitionSize(NodeMetrics.of(cassandra, session));
            lesson.recap.print("./jbang check 04c   (lessons/04c-physical-toolkit/src), then ./jbang lesson04d");
        }
    }

    /** A chat's title once per partition, against a copy of it in every row. */
    void staticColumns() {
        Story.section("Static columns: one value per partition, read with its rows");
        session.execute(schema("""
                CREATE TABLE messages (conversation_id text, message_id bigint, title text STATIC,
                  sender text, body text,
                  PRIMARY KEY ((conversation_id), message_id)) WITH CLUSTERING ORDER BY (message_id DESC)"""));
        session.execute(schema("""
                CREATE TABLE messages_titled (conversation_id text, message_id bigint, title text,
                  sender text, body text,
                  PRIMARY KEY ((conversation_id), message_id)) WITH CLUSTERING ORDER BY (message_id DESC)"""));
        PreparedStatement post = session.prepare(
                "INSERT INTO messages (conversation_id, message_id, sender, body) VALUES (?, ?, ?, ?)");
        PreparedStatement postTitled = session.prepare(
                "INSERT INTO messages_titled (conversation_id, message_id, title, sender, body) VALUES (?, ?, ?, ?, ?)");
        BulkWriter.write(session, "posting " + MESSAGES + " messages to both tables", 2L * MESSAGES, i -> i % 2 == 0
                ? post.bind(CHAT, i / 2, sender((int) (i / 2)), body((int) (i / 2)))
                : postTitled.bind(CHAT, i / 2, TITLE, sender((int) (i / 2)), body((int) (i / 2))));
        // tag::static-title[]
        QueryCost rename = probe.write(session.prepare("UPDATE messages SET title = ? WHERE conversation_id = ?")
                .bind(TITLE, CHAT));
        // end::static-title[]
        Measured<List<Row>> page = probe.read(session.prepare(
                "SELECT title, message_id, sender FROM messages WHERE conversation_id = ? LIMIT ?").bind(CHAT, PAGE));
        Measured<List<Row>> header = probe.read(session.prepare(
                "SELECT DISTINCT conversation_id, title FROM messages WHERE conversation_id = ?").bind(CHAT));
        Set<String> titles = page.value().stream().map(r -> r.getString("title")).collect(Collectors.toSet());
        Story.say("""
                %s holds %,d messages; its title is a static column, set by one UPDATE that names
                the partition and no row (%d partition written). The newest page then returns the title in
                each of its %d rows (%d distinct title), and the header alone, SELECT DISTINCT, returns
                the partition's one static row:""",
                CHAT, MESSAGES, rename.partitionWrites(), page.value().size(), titles.size());
        Measured<List<Row>> titledPage = probe.read(session.prepare(
                "SELECT title, message_id, sender FROM messages_titled WHERE conversation_id = ? LIMIT ?").bind(CHAT, PAGE));
        ReadCosts.table().row("newest " + PAGE + ", static title", page.cost())
                .row("newest " + PAGE + ", title in every row", titledPage.cost())
                .row("header alone (DISTINCT)", header.cost()).print();
        Story.say("""
                The node counts the partition's static row as a row it read: %d for a page of %d, against
                %d when the title is copied into every row. One row more, however long the page.""",
                page.cost().rowsRead(), PAGE, titledPage.cost().rowsRead());

        // A per-row value put in a static column: each message overwrites the one value of the partition.
        session.execute(schema("""
                CREATE TABLE messages_static_sender (conversation_id text, message_id bigint,
                  sender text STATIC, body text, PRIMARY KEY ((conversation_id), message_id))"""));
        PreparedStatement wrongPost = session.prepare(
                "INSERT INTO messages_static_sender (conversation_id, message_id, sender, body) VALUES (?, ?, ?, ?)");
        List<String> senders = List.of("ana", "ben", "chen");
        for (int i = 0; i < senders.size(); i++) {
            session.execute(wrongPost.bind(CHAT, (long) i, senders.get(i), body(i)));
        }
        Set<String> readBack = session.execute(session.prepare(
                        "SELECT sender FROM messages_static_sender WHERE conversation_id = ?").bind(CHAT)).all().stream()
                .map(r -> r.getString("sender")).collect(Collectors.toCollection(LinkedHashSet::new));
        Story.say("""
                The trap: a value that belongs to each row, made static. %s posted one message each to a
                table whose sender is static; reading the chat back gives %d messages signed %s. A static
                column is for what is true of the whole partition: a title, a chat's owner, a bucket's
                high-water mark (lesson 08's channel head could be one).""",
                String.join(", ", senders), senders.size(), readBack);
        recap.line("static title: %d partition written to retitle %,d messages; the page read %d rows and"
                + " returned %d distinct title; a per-row sender made static read back as %s",
                rename.partitionWrites(), MESSAGES, page.cost().rowsRead(), titles.size(), readBack);
    }

    /** A set grown large, a frozen copy of it, one member per row, a UDT, and the limits of a collection. */
    void collections() {
        Story.section("Collections and a UDT: what a large collection costs");
        session.execute(schema("CREATE TYPE pin (message_id bigint, pinned_by text, pinned_at timestamp)"));
        session.execute(schema("""
                CREATE TABLE chats (conversation_id text PRIMARY KEY, members set<text>,
                  frozen_members frozen<set<text>>, pins list<frozen<pin>>, settings map<text, text>)"""));
        session.execute(schema("""
                CREATE TABLE chat_members (conversation_id text, user_id text,
                  PRIMARY KEY ((conversation_id), user_id))"""));
        UserDefinedType pinType = session.getMetadata().getKeyspace(session.getKeyspace().orElseThrow()).orElseThrow()
                .getUserDefinedType("pin").orElseThrow();
        UdtValue pin = pinType.newValue(42L, "ana", Instant.parse("2026-12-01T10:00:00Z"));
        session.execute(session.prepare("UPDATE chats SET pins = pins + ?, settings['mute'] = ? WHERE conversation_id = ?")
                .bind(List.of(pin), "false", CHAT));
        PreparedStatement join = session.prepare("UPDATE chats SET members = members + ? WHERE conversation_id = ?");
        PreparedStatement joinRow = session.prepare("INSERT INTO chat_members (conversation_id, user_id) VALUES (?, ?)");
        BulkWriter.write(session, MEMBERS + " members joining, to the set and to chat_members", 2L * MEMBERS,
                i -> i % 2 == 0 ? join.bind(Set.of(member((int) (i / 2))), CHAT) : joinRow.bind(CHAT, member((int) (i / 2))));
        Set<String> everyone = new LinkedHashSet<>();
        for (int m = 0; m < MEMBERS; m++) {
            everyone.add(member(m));
        }
        PreparedStatement freeze = session.prepare("UPDATE chats SET frozen_members = ? WHERE conversation_id = ?");
        session.execute(freeze.bind(everyone, CHAT));
        Row pinned = session.execute(session.prepare("SELECT pins, settings FROM chats WHERE conversation_id = ?")
                .bind(CHAT)).one();
        Story.say("""
                A chat's row keeps its members in a set<text>, the same set frozen, pinned messages in a
                list of a user-defined type, and settings in a map. Read back: %s and %s. Now %,d members
                joined. Is %s a member? Three ways to ask:""",
                pinned.getList("pins", UdtValue.class).get(0).getFormattedContents(),
                pinned.getMap("settings", String.class, String.class), MEMBERS, member(4_321));
        String who = member(4_321);
        TextTable asks = TextTable.of("how", "rows read", "values returned", "bytes received");
        long wholeSet = ask(asks, "the whole set, then contains()", "SELECT members FROM chats WHERE conversation_id = ?",
                CHAT);
        ask(asks, "the whole frozen set", "SELECT frozen_members FROM chats WHERE conversation_id = ?", CHAT);
        long oneRow = ask(asks, "one row of chat_members", "SELECT user_id FROM chat_members WHERE conversation_id = ? AND user_id = ?",
                CHAT, who);
        asks.print();

        int oneMore = sentBytes(join.bind(Set.of(member(MEMBERS)), CHAT));
        Set<String> plusOne = new LinkedHashSet<>(everyone);
        plusOne.add(member(MEMBERS));
        int frozenMore = sentBytes(freeze.bind(plusOne, CHAT));
        Story.say("""
                A collection is one column of one row: reading it brings every element, %,d of them, to
                check one. The frozen set is one value, so adding a member means writing it whole: the
                driver sent %,d bytes to add a member to it, %,d bytes to add one to the plain set (each
                element of a plain collection is a cell of its own). The member table reads one row.""",
                MEMBERS, frozenMore, oneMore);

        PreparedStatement addSetting = session.prepare(
                "UPDATE chats SET settings = settings + ? WHERE conversation_id = ?");
        String longKey = "k".repeat(65_536);
        session.execute(addSetting.bind(Map.of(longKey, "v"), CHAT));
        String keyRefusal = refusal(() -> session.execute(joinRow.bind(CHAT, longKey)));
        Map<String, String> limits = settings("native_transport_max_message_size", "max_mutation_size",
                "commitlog_segment_size");
        PreparedStatement avatar = session.prepare("UPDATE chats SET settings['avatar'] = ? WHERE conversation_id = ?");
        String hugeRefusal = refusal(() -> session.execute(avatar.bind("y".repeat(5 * 1024 * 1024), CHAT)));
        Story.say("""
                The limits. A map key of 65,536 bytes was accepted: the 64 KB limit on an element that
                older guides give came from version 2 of the native protocol, which stored each length in
                two bytes. The 64 KB limit that holds is on key values: the same 65,536 bytes as the
                clustering column of chat_members is refused, "%s". A cell may in theory hold 2 GB, but a
                request and a mutation must fit this node's native_transport_max_message_size (%s) and
                max_mutation_size (%s, half its commitlog_segment_size of %s). A 5 MiB map value: "%s".
                In practice keep a collection to tens or hundreds of small elements: it is read whole.""",
                keyRefusal, limits.get("native_transport_max_message_size"), limits.get("max_mutation_size"),
                limits.get("commitlog_segment_size"), hugeRefusal);
        recap.line("checking one member: %,d bytes received from a %,d-member set, %,d from a member table;"
                + " adding one sent %,d bytes to the frozen set, %,d to the plain one", wholeSet, MEMBERS, oneRow,
                frozenMore, oneMore);
    }

    /** Asks once traced (rows read) and once plain (bytes received, which tracing would not change); returns the bytes. */
    long ask(TextTable asks, String how, String cql, Object... values) {
        PreparedStatement prepared = session.prepare(cql);
        Measured<List<Row>> traced = probe.read(prepared.bind(values));
        ResultSet plain = session.execute(prepared.bind(values));
        long bytes = plain.getExecutionInfo().getResponseSizeInBytes();
        long returned = plain.all().stream().mapToLong(r -> r.getObject(0) instanceof Set<?> s ? s.size() : 1).sum();
        asks.row(how, traced.cost().rowsRead(), returned, String.format("%,d", bytes));
        return bytes;
    }

    int sentBytes(BoundStatement statement) {
        int bytes = statement.computeSizeInBytes(session.getContext());
        session.execute(statement);
        return bytes;
    }

    void counters() {
        Story.section("Counters: an increment retried is counted twice");
        session.execute(schema("CREATE TABLE chat_views (conversation_id text PRIMARY KEY, views counter)"));
        PreparedStatement view = session.prepare("UPDATE chat_views SET views = views + 1 WHERE conversation_id = ?");
        PreparedStatement views = session.prepare("SELECT views FROM chat_views WHERE conversation_id = ?");
        // tag::counter-retry[]
        QueryCost first = probe.write(view.bind(CHAT));
        // The client timed out waiting for the answer and sent the same increment again, as a retry does.
        probe.write(view.bind(CHAT));
        // end::counter-retry[]
        long counted = session.execute(views.bind(CHAT)).one().getLong("views");
        Story.say("""
                One person opened the chat once; the client's first increment timed out on its way back
                and it sent the same statement again, as a retry policy would. Counted: %d views. An
                increment says "add one", not "this event happened": the node cannot tell a retry from a
                second view (it took %d counter update each time, reading the counter before writing).""",
                counted, first.counterUpdates());
        String mixed = refusal(() -> session.execute(schema("""
                CREATE TABLE chat_views_titled (conversation_id text PRIMARY KEY, views counter, title text)""")));
        String set = refusal(() -> session.prepare("UPDATE chat_views SET views = ? WHERE conversation_id = ?"));
        Story.say("""
                A counter table holds counters only, besides its key: "%s". And a counter is only ever
                added to, never set: "%s". A counter's cell is a sum of the shares each replica counted, merged when read; a plain
                value beside it would follow other rules for replacing and repairing it.""", mixed, set);

        session.execute(schema("""
                CREATE TABLE chat_view_events (conversation_id text, event_id text,
                  PRIMARY KEY ((conversation_id), event_id))"""));
        PreparedStatement event = session.prepare(
                "INSERT INTO chat_view_events (conversation_id, event_id) VALUES (?, ?)");
        session.execute(event.bind(CHAT, "view-ana-1"));
        session.execute(event.bind(CHAT, "view-ana-1"));
        for (int i = 2; i <= 40; i++) {
            session.execute(event.bind(CHAT, "view-" + i));
        }
        Measured<List<Row>> count = probe.read(session.prepare(
                "SELECT count(*) FROM chat_view_events WHERE conversation_id = ?").bind(CHAT));
        Story.say("""
                The idempotent shape: one row per view, keyed by an id the client makes once, so a retry
                writes the same row again. ana's view sent twice and 39 others count %d. The price is on
                the read: counting read %d rows of one partition. Past a few thousand, roll the rows up
                now and then into a total kept with the id of the last event it counts.""",
                count.value().get(0).getLong(0), count.cost().rowsRead());
        recap.line("a counter incremented and retried read %d; one row per view event, sent twice, counted once",
                counted);
    }

    /** Cassandra's own text for a view refused by its shipped default, quoted from CreateViewStatement. */
    static final String VIEWS_DISABLED = "Materialized views are disabled. Enable in cassandra.yaml to use.";

    void materializedViews() {
        Story.section("Materialized views: a table the node keeps for you, off by default in 5.0");
        String enabled = settings("materialized_views_enabled").get("materialized_views_enabled");
        // tag::view[]
        SimpleStatement createView = schema("""
                CREATE MATERIALIZED VIEW messages_by_sender AS
                  SELECT sender, conversation_id, message_id, body FROM messages_titled
                  WHERE sender IS NOT NULL AND conversation_id IS NOT NULL AND message_id IS NOT NULL
                  PRIMARY KEY ((sender), conversation_id, message_id)""");
        // end::view[]
        if (!Boolean.parseBoolean(enabled)) {
            String refused = refusal(() -> session.execute(createView));
            Story.say("""
                    A view is a second table the node keeps from the first. This node says
                    materialized_views_enabled = %s, Cassandra 5.0's shipped default, and refuses: "%s".
                    The workshop's nodes turn views on; this cluster was started before they did. To see
                    what a view adds to each write: ./jbang down && ./jbang up, then this lesson again.""",
                    enabled, refused);
            recap.line("materialized_views_enabled = %s on this node: CREATE MATERIALIZED VIEW refused", enabled);
            return;
        }
        List<String> warnings = session.execute(createView).getExecutionInfo().getWarnings();
        awaitViewBuilt("messages_by_sender");
        Story.say("""
                A view is a second table the node keeps from the first, keyed for another question: here
                a sender's messages. Cassandra 5.0 ships with materialized_views_enabled: false, and then
                refuses the CREATE in these words (from its source): "%s" The workshop's nodes set it to
                true (this node says %s), and the node answered the CREATE with a warning: "%s\"""",
                VIEWS_DISABLED, enabled, String.join(" ", warnings));
        Measured<List<Row>> bySender = probe.read(session.prepare(
                "SELECT message_id FROM messages_by_sender WHERE sender = ? AND conversation_id = ?").bind("ana", CHAT));
        TextTable writes = TextTable.of("one write", "partitions written", "partitions read", "table writes",
                "view writes");
        viewWrite(writes, "new message, table without a view", session.prepare(
                "INSERT INTO messages (conversation_id, message_id, sender, body) VALUES (?, ?, ?, ?)")
                .bind(OTHER_CHAT, 1L, "ana", body(1)));
        QueryCost newMessage = viewWrite(writes, "new message, table with a view", session.prepare(
                "INSERT INTO messages_titled (conversation_id, message_id, title, sender, body) VALUES (?, ?, ?, ?, ?)")
                .bind(OTHER_CHAT, 1L, TITLE, "ana", body(1)));
        viewWrite(writes, "body edited", session.prepare(
                "UPDATE messages_titled SET body = ? WHERE conversation_id = ? AND message_id = ?").bind("edited", OTHER_CHAT, 1L));
        QueryCost moved = viewWrite(writes, "sender changed (the view's key)", session.prepare(
                "UPDATE messages_titled SET sender = ? WHERE conversation_id = ? AND message_id = ?").bind("ben", OTHER_CHAT, 1L));
        Story.say("""
                The view answers ana's messages in %s from one partition (%d rows read). Each write to the
                table now pays for it on the replica that applies it, traced and counted by the node:""",
                CHAT, bySender.cost().rowsRead());
        writes.print();
        Story.say("""
                Before it writes, the replica reads the row's current values (%d partition read for a new
                message, which the plain table never does) to know which view row to change; a new sender
                moves the message to another view partition, a delete there and an insert here: %d
                partitions written for one UPDATE. The view's update is sent after the table's write, from
                each replica to a view replica; a lost or failed one leaves the view disagreeing with its
                table, and repair compares a view's replicas with each other, never with the table: the
                consistency the warning means by experimental. Lesson 04 writes its second table itself,
                in a logged batch, and can rebuild it from messages: the same copy, with its cost in sight.""",
                newMessage.partitionsRead(), moved.partitionWrites());
        recap.line("a view on messages_titled: a new message read %d partition and wrote %d, a sender changed"
                + " wrote %d; the node warned: %s", newMessage.partitionsRead(), newMessage.partitionWrites(),
                moved.partitionWrites(), String.join(" ", warnings));
    }

    /** Traces the write and counts, from the nodes' own counters, the partitions the tables and the view applied. */
    QueryCost viewWrite(TextTable writes, String what, BoundStatement statement) {
        TableWrites.Counted<QueryCost> counted = TableWrites.during(session, () -> probe.write(statement));
        QueryCost cost = counted.value();
        long viewWrites = counted.byTable().getOrDefault("messages_by_sender", 0L);
        writes.row(what, cost.partitionWrites(), cost.partitionsRead(), counted.total() - viewWrites, viewWrites);
        return cost;
    }

    /** Waits until every node has built the view from the rows it already held (system.built_views). */
    void awaitViewBuilt(String view) {
        String keyspace = session.getKeyspace().orElseThrow().asInternal();
        PreparedStatement built = session.prepare(
                "SELECT view_name FROM system.built_views WHERE keyspace_name = ? AND view_name = ?");
        for (Node node : session.getMetadata().getNodes().values()) {
            long giveUpAt = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (session.execute(built.bind(keyspace, view).setNode(node)).one() == null) {
                if (System.nanoTime() > giveUpAt) {
                    throw new IllegalStateException("the view " + view + " was not built on " + node.getEndPoint() + " in 2 minutes");
                }
                LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
            }
        }
    }

    /** The formula on the messages table (static title) and its copy with the title in every row. */
    void partitionSize(NodeMetrics metrics) {
        Story.section("The partition-size formula against the node's own figure");
        long titleBytes = utf8(TITLE);
        long rows = MESSAGES;
        long keyBytes = utf8(CHAT);
        long rowBytes = 0;
        for (int i = 0; i < rows; i++) {
            rowBytes += Long.BYTES + utf8(sender(i)) + utf8(body(i));
        }
        long meanRow = rowBytes / rows;
        // tag::formula[]
        PartitionSizeFormula withStatic = new PartitionSizeFormula(rows, 5, 2, 1);
        PartitionSizeFormula titled = new PartitionSizeFormula(rows, 5, 2, 0);
        TextTable sizes = TextTable.of("table", "values", "estimate (bytes)", "node reports (bytes)");
        long[] estimates = {withStatic.bytes(keyBytes, titleBytes, meanRow),
                titled.bytes(keyBytes, 0, meanRow + titleBytes)};
        // end::formula[]
        String[] tables = {"messages", "messages_titled"};
        PartitionSizeFormula[] formulas = {withStatic, titled};
        long[] reported = new long[2];
        for (int t = 0; t < 2; t++) {
            metrics.flushAndCompact(Keyspaces.name(KS), tables[t]);
            reported[t] = metrics.table(Keyspaces.name(KS), tables[t]).values().stream()
                    .mapToLong(TableOnNode::largestPartitionBytes).max().orElse(0);
            sizes.row(tables[t], String.format("%,d", formulas[t].values()), String.format("%,d", estimates[t]),
                    String.format("%,d to %,d", PartitionSizeFormula.histogramStepBelow(reported[t]) + 1, reported[t]));
        }
        Story.say("""
                Values = rows x (columns - primary-key columns - static columns) + static columns. The
                messages table has %d rows, 5 columns, 2 in the primary key and 1 static: %d x (5 - 2 - 1)
                + 1 = %,d values. Bytes = partition key (%d) + static (%d) + rows x a row's clustering and
                regular bytes (%d on average) + 8 bytes of timestamp per value. The node's figure is read
                over JMX (what nodetool tablestats shows) after a flush and a compaction; it is the step of
                a histogram the partition falls in.""",
                rows, rows, withStatic.values(), keyBytes, titleBytes, meanRow);
        sizes.print();
        Story.say("""
                The formula lands within a step or so of the node's figure without a row written: good
                enough to size a design on paper. Where it misses, it is high: the node stores timestamps
                and lengths as small deltas, not 8 bytes each. Neither figure counts compression, which
                shrinks the files on disk further. The static title is stored once: putting it in every
                row costs %,d bytes more by the formula and %,d more by the node's steps.""",
                estimates[1] - estimates[0], reported[1] - reported[0]);
        recap.line("partition-size formula: %,d values, %,d bytes estimated; the node reports %,d to %,d bytes",
                withStatic.values(), estimates[0], PartitionSizeFormula.histogramStepBelow(reported[0]) + 1, reported[0]);
    }

    /** Runs a statement the node must refuse, when prepared or when run, and returns the node's own words. */
    static String refusal(Runnable statement) {
        try {
            statement.run();
        } catch (QueryValidationException refused) {
            return refused.getMessage();
        }
        throw new IllegalStateException("the node accepted a statement that Cassandra 5.0 refuses by default");
    }

    Map<String, String> settings(String... names) {
        PreparedStatement setting = session.prepare("SELECT value FROM system_views.settings WHERE name = ?");
        return Arrays.stream(names).collect(Collectors.toMap(n -> n,
                n -> session.execute(setting.bind(n)).one().getString("value")));
    }

    static String sender(int i) {
        return List.of("ana", "ben", "chen", "dara").get(i % 4);
    }

    static String body(int i) {
        return "message " + i + " about the chapter we read this week";
    }

    static String member(int m) {
        return String.format("user-%05d", m);
    }

    static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
