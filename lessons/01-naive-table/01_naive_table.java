///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/chart/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN naive_table
//DESCRIPTION Lesson 01: a table keyed by message_id cannot answer "the newest messages of a chat"

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import workshop.fixtures.chart.CostChart;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.LoadedData;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.cassandra.TokenRing;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class naive_table {

    static final String KS = "lesson01";
    // tag::schemas[]
    static final List<String> TABLES = List.of("""
            CREATE TABLE messages_by_id (
              message_id bigint PRIMARY KEY, conversation_id text, body text)""", """
            CREATE TABLE messages_by_conversation (
              conversation_id text, message_id bigint, body text,
              PRIMARY KEY ((conversation_id), message_id))
            WITH CLUSTERING ORDER BY (message_id DESC)""");
    // end::schemas[]
    /**
     * Created on the empty tables, so they are ready when the lesson reaches them: an index on
     * design A's table, and the first 12 rows again under Cassandra 5.0's storage-attached index
     * (SAI), to compare both kinds.
     */
    static final List<String> INDEXES = List.of(
            "CREATE INDEX messages_by_id_conversation ON messages_by_id (conversation_id)", """
            CREATE TABLE messages_by_id_sai (
              message_id bigint PRIMARY KEY, conversation_id text, body text)""",
            "CREATE INDEX messages_by_id_sai_conversation ON messages_by_id_sai (conversation_id) USING 'sai'");
    /** Ids from a clock stopped at this instant: every run writes the same rows, so a rerun can keep them. */
    static final Instant FIRST_SENT = Instant.parse("2025-01-06T12:00:00Z");
    /** The sizes the table grows through; each size has a keyspace of its own, loaded once. */
    static final long[] SIZES = {12, 1_200, 120_000};

    public static void main(String... args) {
        Failures.guard(naive_table::run);
    }

    static void run() {
        Story.title("01", "the naive table");
        Story.say("""
                The chat app's busiest question, Q1, is "the 50 newest messages of a chat", asked about
                20,000 times a second. A first design stores each message under its own id, the way an
                entity-first model would. Let us ask it Q1 and read the bill from the store's own trace.""");

        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            long[] ids = ids(SIZES[SIZES.length - 1]);
            data(session, 12).ensureAndUse(session, () -> load(session, "", List.of("messages_by_id",
                    "messages_by_conversation", "messages_by_id_sai"), Arrays.copyOf(ids, 12), chatOf(firstChats(session, ids))));
            String[] chats = firstChats(session, ids);
            PreparedStatement newestB = session.prepare(
                    "SELECT message_id, body FROM messages_by_conversation WHERE conversation_id = ? LIMIT ?");
            CostProbe probe = new CostProbe(session);

            Story.section("12 messages in 3 chats, one copy of each row (replication factor 1)");
            Story.say("""
                    c2 holds %d of the 12 messages; keyed by message_id they live on %d node(s) (read from
                    the ring), while design B keeps all of them in one partition on one node.""",
                    java.util.Arrays.stream(chats).filter("c2"::equals).count(), nodesHolding(session, ids, chats));
            Story.say("""
                    Design A: PRIMARY KEY (message_id). Nothing in the key mentions the chat, so the app
                    reads every row and keeps c2's three newest itself.
                    Design B: PRIMARY KEY ((conversation_id), message_id), newest first. The chat is the
                    partition, so the store goes to the one node that holds it and stops after three rows.""");
            QueryCost a = designA(probe, "messages_by_id");
            QueryCost b = probe.read(newestB.bind("c2", 3)).cost();
            TextTable.of("design", "nodes asked", "partitions read", "rows read", "rows returned")
                    .row("A: key message_id", a.nodesAsked(), a.partitionsDescription(), a.rowsRead(), a.rowsReturned())
                    .row("B: partition conversation_id", b.nodesAsked(), b.partitionsDescription(), b.rowsRead(), b.rowsReturned())
                    .print();
            Story.say("Design A read on %s; design B on %s. Both answers are the same three messages.",
                    a.nodesRead(), b.nodesRead());
            NodesSeen.caveat(session, "design A asking every node while B asks one").ifPresent(Story::say);

            Story.section("Does a secondary index rescue design A?");
            // tag::secondary-index[]
            Measured<List<Row>> indexed = probe.read(SimpleStatement.newInstance(
                    "SELECT message_id, body FROM messages_by_id WHERE conversation_id = 'c2'"));
            // end::secondary-index[]
            QueryCost i = indexed.cost();
            QueryCost sai = probe.read(SimpleStatement.newInstance(
                    "SELECT message_id, body FROM messages_by_id_sai WHERE conversation_id = 'c2'")).cost();
            TextTable.of("query", "nodes asked", "rows read", "rows returned")
                    .row("A + index on conversation_id", i.nodesAsked(), i.rowsRead(), i.rowsReturned())
                    .row("A + SAI index on conversation_id", sai.nodesAsked(), sai.rowsRead(), sai.rowsReturned())
                    .print();
            Story.say("""
                    Rows read counts what the trace reports after the index filter. Each node indexes only
                    the rows it holds, and that holds for both kinds: the classic index (a hidden table per
                    node) and Cassandra 5.0's storage-attached index (SAI, built into each node's data
                    files). The store still asks every node (%s and %s), and the rows come back in token
                    order, not newest first: the app must fetch all of c2's messages and sort them. An
                    index moves the scan; it does not remove it.""", i.nodesRead(), sai.nodesRead());
            NodesSeen.caveat(session, "an index query asking every node").ifPresent(Story::say);

            Story.section("Grow the table: A's bill grows with it, B's stays at the limit");
            Story.say("""
                    Each size below is a keyspace of its own (%1$s, then %1$s_1200 and %1$s_120000): the
                    same two tables, loaded once and kept for the next run while they hold what was loaded.""",
                    Keyspaces.name(KS));
            CostChart chart = new CostChart("Q1 (3 newest of one chat): rows read as the table grows",
                    "messages in the table", "rows read").logarithmic();
            TextTable growth = TextTable.of("messages", "A nodes", "A rows read", "A rows returned", "B nodes",
                    "B rows read", "A / B");
            QueryCost largestA = a;
            QueryCost largestB = b;
            for (long size : SIZES) {
                String ks = "";
                if (size > 12) {
                    LoadedData grown = data(session, size);
                    grown.ensure(session, () -> load(session, grown.name(), List.of("messages_by_id",
                            "messages_by_conversation"), Arrays.copyOf(ids, (int) size), chatOf(chats)));
                    ks = CqlIdentifier.fromInternal(grown.name()).asCql(true) + ".";
                }
                QueryCost growA = size == 12 ? a : designA(probe, ks + "messages_by_id");
                QueryCost growB = probe.read(session.prepare("SELECT message_id, body FROM " + ks
                        + "messages_by_conversation WHERE conversation_id = ? LIMIT ?").bind("c2", 3)).cost();
                growth.row(size, growA.nodesAsked(), growA.rowsRead(), growA.rowsReturned(), growB.nodesAsked(), growB.rowsRead(),
                        String.format("%,.0fx", (double) growA.rowsRead() / growB.rowsRead()));
                largestA = growA;
                largestB = growB;
                chart.point("A: key message_id (scan)", size, growA.rowsRead());
                chart.point("B: partition conversation_id", size, growB.rowsRead());
            }
            growth.print();
            Story.say("""
                    A's rows read can exceed the table: a scan this long comes back in pages of 5,000 rows,
                    and for each page the coordinator asks several token ranges at once, then drops what
                    the page cannot hold and asks again for the next page. How many ranges it asks at once
                    is a guess from the previous round's row counts and from size estimates that change as
                    nodes flush, so the surplus differs from run to run, and may be none at all (run it again
                    and compare). What never changes is the floor: A reads at least the whole
                    table. B reads the same three rows at every size. The key is the query plan: design B
                    answers Q1 from one partition whatever the table's size.""");
            Story.say("Chart: %s", chart.save("lesson01-rows-read-vs-table-size"));

            Recap.measured()
                    .line("12 messages: A read %,d rows on %d node(s), B read %,d rows on %d", a.rowsRead(),
                            a.nodesAsked(), b.rowsRead(), b.nodesAsked())
                    .line("at 120,000 messages: A read %,d rows (at least the table, the surplus varies), B %,d",
                            largestA.rowsRead(), largestB.rowsRead())
                    .line("an index on conversation_id asked %d node(s), SAI %d: both are local to each node",
                            i.nodesAsked(), sai.nodesAsked())
                    .line("the key is the query plan: partition by the chat Q1 names")
                    .print("./jbang check 01   (lessons/01-naive-table/src), then ./jbang lesson02");
        }
    }

    // tag::naive-app[]
    /** The naive app: read the whole table, keep c2's messages, sort newest first, take three. */
    static QueryCost designA(CostProbe probe, String table) {
        Measured<List<Row>> all = probe.read(SimpleStatement.newInstance("SELECT message_id, conversation_id FROM " + table));
        List<Long> newest = all.value().stream()
                .filter(r -> r.getString("conversation_id").equals("c2"))
                .map(r -> r.getLong("message_id"))
                .sorted(Comparator.reverseOrder())
                .limit(3)
                .toList();
        if (newest.size() != 3) {
            throw new IllegalStateException("expected three messages of c2, found " + newest);
        }
        return all.cost();
    }
    // end::naive-app[]

    /** The first count ids of the lesson's messages, the same on every run. */
    static long[] ids(long count) {
        Snowflake stopped = new Snowflake(1, Clock.fixed(FIRST_SENT, ZoneOffset.UTC));
        long[] ids = new long[(int) count];
        for (int m = 0; m < count; m++) {
            ids[m] = stopped.next();
        }
        return ids;
    }

    /**
     * The rows of a table of the given size: the lesson's first size-many messages. What decides
     * them is part of the fingerprint: their number, the stopped clock, the nodes (the first 12
     * chats follow the ring) and how chats are chosen.
     */
    static LoadedData data(CqlSession session, long size) {
        String nodes = session.getMetadata().getNodes().values().stream().map(n -> String.valueOf(n.getHostId()))
                .sorted().collect(java.util.stream.Collectors.joining(","));
        List<String> ddl = size == 12 ? java.util.stream.Stream.concat(TABLES.stream(), INDEXES.stream()).toList() : TABLES;
        return LoadedData.of(size == 12 ? KS : KS + "_" + size, ddl, Map.of("messages", size, "first sent", FIRST_SENT,
                "worker", 1, "nodes", nodes, "chats", "12 over the ring, then chat<size>-<m mod size/4 + 1>"));
    }

    /**
     * The first 12 messages' chats: c2 gets 5, chosen so that under design A they sit on as many
     * nodes as the ring allows (as a chat's messages do once it has more than a handful); c1 and c3
     * share the other 7.
     */
    static String[] firstChats(CqlSession session, long[] ids) {
        TokenRing ring = TokenRing.of(session, Keyspaces.name(KS));
        String[] chats = new String[12];
        java.util.Set<Object> covered = new java.util.HashSet<>();
        int c2 = 0;
        for (int pass = 0; pass < 2 && c2 < 5; pass++) {
            for (int m = 0; m < chats.length && c2 < 5; m++) {
                if (chats[m] == null && (pass == 1 || covered.add(ring.owner(key(ids[m])).getHostId()))) {
                    chats[m] = "c2";
                    c2++;
                }
            }
        }
        int other = 0;
        for (int m = 0; m < chats.length; m++) {
            if (chats[m] == null) {
                chats[m] = other++ % 2 == 0 ? "c1" : "c3";
            }
        }
        return chats;
    }

    static long nodesHolding(CqlSession session, long[] ids, String[] chats) {
        TokenRing ring = TokenRing.of(session, Keyspaces.name(KS));
        return java.util.stream.IntStream.range(0, chats.length).filter(m -> chats[m].equals("c2"))
                .mapToObj(m -> ring.owner(key(ids[m]))).distinct().count();
    }

    static java.nio.ByteBuffer key(long messageId) {
        return TypeCodecs.BIGINT.encode(messageId, ProtocolVersion.DEFAULT);
    }

    /**
     * Message m's chat: the first 12 as firstChats chose; then, as the table grows, new messages
     * land in other chats, four to a chat: c2 keeps its five, so Q1's answer stays the same.
     */
    static IntFunction<String> chatOf(String[] firstChats) {
        return m -> {
            long size = m < 1_200 ? 1_200 : SIZES[SIZES.length - 1];
            return m < 12 ? firstChats[m] : "chat" + size + "-" + (m % (size / 4) + 1);
        };
    }

    /** Writes the messages to the tables of the keyspace (the session's, if none), a chat's rows batched together. */
    static void load(CqlSession session, String keyspace, List<String> tables, long[] ids, IntFunction<String> chatOf) {
        String prefix = keyspace.isEmpty() ? "" : CqlIdentifier.fromInternal(keyspace).asCql(true) + ".";
        // Design B's key puts the chat first; the tables keyed by message_id put the id first.
        List<PreparedStatement> inserts = tables.stream().map(table -> session.prepare("INSERT INTO " + prefix + table
                + (table.equals("messages_by_conversation") ? " (conversation_id, message_id, body)"
                        : " (message_id, conversation_id, body)") + " VALUES (?, ?, ?)")).toList();
        int n = tables.size();
        BulkWriter.writeByPartition(session, "writing " + ids.length + " messages to each table", (long) ids.length * n, i -> {
            int message = (int) (i / n);
            String chat = chatOf.apply(message);
            PreparedStatement insert = inserts.get((int) (i % n));
            return tables.get((int) (i % n)).equals("messages_by_conversation") ? insert.bind(chat, ids[message], "message " + message)
                    : insert.bind(ids[message], chat, "message " + message);
        });
    }
}
