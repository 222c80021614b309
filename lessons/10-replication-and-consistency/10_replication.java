///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//MAIN replication
//DESCRIPTION Lesson 10: replication and consistency levels at RF 3: replicas asked, a paused node, hints, Paxos

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;
import workshop.kit.Poll;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodeMetrics;
import workshop.kit.cassandra.NodeSpec;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.cassandra.PausedNode;
import workshop.kit.cassandra.PaxosVariant;
import workshop.kit.cassandra.TokenRing;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class replication {

    static final String KS = "lesson10";
    /** The same table at one replica, for lesson 07's Paxos figures side by side, and to find each key's first replica. */
    static final String KS_RF1 = "lesson10_rf1";
    static final int RF = 3;
    /** Reads per consistency level, timed untraced, interleaved so a busy moment hits every level alike. */
    static final int TIMED = 30;
    /** Keys written and read back per consistency level while a replica lags. */
    static final int TRIES = 20;
    /** Not node1: the driver's contact point and control connection stay on a node that answers. */
    static final String LAGGING = "node3";
    static final List<ConsistencyLevel> LEVELS = List.of(DefaultConsistencyLevel.ONE, DefaultConsistencyLevel.QUORUM,
            DefaultConsistencyLevel.ALL);
    static final Duration GOSSIP_LIMIT = Duration.ofSeconds(90);
    static final Duration HINTS_LIMIT = Duration.ofSeconds(60);

    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(replication::run);
    }

    static void run() {
        Story.title("10", "replication and consistency");
        Story.say("""
                Every keyspace so far kept one replica of each row (replication factor 1), so a trace said
                which node holds which rows: "nodes asked" meant "nodes that hold the data". Production
                keyspaces keep three replicas, so that a node can fail without losing data or answers.
                The question then becomes how many replicas each read and write waits for (its
                consistency level), and what that buys when one replica falls behind.""");

        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            int nodes = NodesSeen.up(session);
            int rf = Math.min(RF, nodes);
            String rf1 = rf > 1 ? Keyspaces.recreate(session, KS_RF1) : null;
            if (rf1 != null) {
                session.execute(schema("CREATE TABLE " + rf1 + ".usernames (username text PRIMARY KEY, user_id text)"));
            }
            String ks = Keyspaces.recreateAndUse(session, KS, rf);
            session.execute(schema("CREATE TABLE profiles (user_id text PRIMARY KEY, display_name text)"));
            session.execute(schema("CREATE TABLE usernames (username text PRIMARY KEY, user_id text)"));
            Keyspaces.awaitSchemaAgreement(session);
            PreparedStatement write = session.prepare("INSERT INTO " + ks + ".profiles (user_id, display_name) VALUES (?, ?)");
            PreparedStatement read = session.prepare("SELECT display_name FROM " + ks + ".profiles WHERE user_id = ?");
            for (int i = 0; i < 50; i++) {
                session.execute(write.bind("user-" + i, "User " + i).setConsistencyLevel(DefaultConsistencyLevel.ALL));
            }
            CostProbe probe = new CostProbe(session);
            Story.say(rf == RF ? "This lesson's keyspace has replication factor 3 on the 3 nodes: every node holds every row."
                    : "This cluster has " + nodes + " node(s), so the keyspace gets replication factor " + rf + ": every level"
                    + " below asks that one replica, and only the Paxos steps and the rules can be shown. The rest"
                    + " needs 3 nodes (./jbang down && ./jbang up --nodes 3, when the laptop has the memory).");

            Story.section("What a read asks at ONE, QUORUM and ALL");
            Map<ConsistencyLevel, QueryCost> traced = new LinkedHashMap<>();
            for (ConsistencyLevel level : LEVELS) {
                traced.put(level, probe.read(read.bind("user-7").setConsistencyLevel(level)).cost());
            }
            Map<ConsistencyLevel, Double> medians = medianMillis(session, read);
            TextTable levels = TextTable.of("consistency", "waits for", "replicas read", "data", "digests", "median ms",
                    "vs ONE");
            for (ConsistencyLevel level : LEVELS) {
                QueryCost cost = traced.get(level);
                levels.row(level, waitsFor(level, rf), String.join(", ", cost.nodesRead()),
                        cost.nodesAsked() - cost.digestReads(), cost.digestReads(), String.format("%.2f", medians.get(level)),
                        String.format("%.1fx", medians.get(level) / medians.get(DefaultConsistencyLevel.ONE)));
            }
            levels.print();
            QueryCost oneWrite = probe.write(write.bind("user-7", "Seven").setConsistencyLevel(DefaultConsistencyLevel.ONE));
            Story.say("""
                    "waits for" is the rule at %d replicas (ONE 1, QUORUM a majority, ALL every one); the
                    trace shows what happened: one replica sends the row, the others asked send only a digest,
                    a hash of their answer that the coordinator compares (median of %d reads each, timed
                    without tracing). The replicas are asked in parallel, so ALL costs the slowest of three,
                    not three reads one after another. A write goes to every replica whatever its level: this write at ONE was
                    applied on %d replicas; ONE only says how many acknowledgements the coordinator waits for
                    before it answers.""", rf, TIMED, oneWrite.partitionWrites());
            RECAP.line("a read at RF %d: ONE read %d replica, QUORUM %d, ALL %d (%d digests); median %.2f, %.2f, %.2f ms",
                    rf, traced.get(DefaultConsistencyLevel.ONE).nodesAsked(), traced.get(DefaultConsistencyLevel.QUORUM).nodesAsked(),
                    traced.get(DefaultConsistencyLevel.ALL).nodesAsked(), traced.get(DefaultConsistencyLevel.ALL).digestReads(),
                    medians.get(DefaultConsistencyLevel.ONE), medians.get(DefaultConsistencyLevel.QUORUM),
                    medians.get(DefaultConsistencyLevel.ALL));

            Story.section("\"Nodes asked\" at RF " + rf);
            QueryCost scan = probe.read(SimpleStatement.newInstance("SELECT user_id FROM " + ks + ".profiles")
                    .setConsistencyLevel(DefaultConsistencyLevel.ONE)).cost();
            if (rf == RF) {
                Story.say("""
                        Lessons 01-05 count "nodes asked" on keyspaces of one replica, where it tells a
                        one-partition read (1 node) from a scan (every node). At RF %d, a one-partition read at
                        ONE still reads %d node, but any replica can be it, and a scan of the whole table at ONE
                        here read %d node(s) (%s), scanning %d token range(s) for %d rows: with every row on
                        every node, one node can answer a scan alone. At RF 3 "nodes asked" follows the
                        consistency level; partitions read, token ranges scanned and rows read still tell a good
                        key from a scan. That is why the other lessons keep RF 1: their traces stay about where
                        data lives.""", rf, traced.get(DefaultConsistencyLevel.ONE).nodesAsked(), scan.nodesAsked(),
                        String.join(", ", scan.nodesRead()), scan.rangeScans(), scan.rowsRead());
            } else {
                Story.say("""
                        On one node a key read and a scan both ask that node (the scan here: %d node, %d token
                        range(s), %d rows). At RF 3 on 3 nodes a scan at ONE can be answered by one node too, so
                        there "nodes asked" follows the consistency level, and partitions, token ranges and rows
                        read tell a key from a scan: why the other lessons keep RF 1.""",
                        scan.nodesAsked(), scan.rangeScans(), scan.rowsRead());
            }

            Optional<NodeSpec> lagging = nodes >= RF ? cassandra.localNode(LAGGING) : Optional.empty();
            if (lagging.isPresent()) {
                laggingReplica(cassandra, session, ks, rf1, lagging.get());
            } else {
                Story.section("A replica that lags, a node down");
                Story.say(nodes < RF
                        ? "This cluster has " + nodes + " node(s), so a row has " + rf + " replica(s): no replica can lag"
                        + " behind another, and no node can stop while the others answer. Read-your-writes, a node"
                        + " down and hinted handoff need 3 nodes: ./jbang down && ./jbang up --nodes 3."
                        : "This cluster is not the workshop's own (CASSANDRA_CONTACT_POINTS or containers): the lesson"
                        + " pauses a node only among the nodes it started itself, so this part is skipped.");
                RECAP.line("read-your-writes and a node down: not shown on %d node(s) of this cluster", nodes);
            }

            lightweightTransactions(session, ks, rf1, rf);

            Story.section("Several datacenters: LOCAL_QUORUM (stated, not measured)");
            Story.say("""
                    This cluster is one datacenter (SimpleStrategy, SimpleSnitch). A cluster across datacenters
                    uses NetworkTopologyStrategy, with replicas per datacenter ({'class':
                    'NetworkTopologyStrategy', 'eu': 3, 'us': 3}). QUORUM then counts every replica (4 of 6,
                    so each read and write waits for the other continent); LOCAL_QUORUM counts only the
                    coordinator's datacenter (2 of its 3) and EACH_QUORUM a majority in every one. Reads and
                    writes both at LOCAL_QUORUM give read-your-writes within a datacenter, not across. Nothing
                    here runs a second datacenter: this part is stated, not measured.""");
            RECAP.print("./jbang check 10   (lessons/10-replication-and-consistency/src), then ./jbang quiz 10");
        }
    }

    /** A replica paused while writes go on, read back at ONE and QUORUM, then the hints it missed. */
    static void laggingReplica(Cassandra cassandra, CqlSession session, String ks, String rf1, NodeSpec laggingNode) {
        Story.section("Read your own write while a replica lags");
        TokenRing ring = Poll.until("the driver to learn keyspace " + rf1, GOSSIP_LIMIT).every(Duration.ofMillis(500))
                .get(() -> Optional.of(TokenRing.of(session, rf1)).filter(r -> knowsReplicas(r)), "rerun the lesson");
        // Keys whose first replica is the lagging node: a coordinator reads those from it at ONE.
        List<String> keys = IntStream.range(0, 1_000).mapToObj(i -> "lag-" + i)
                .filter(k -> cassandra.nameOf(ring.owner(TypeCodecs.TEXT.encode(k, ProtocolVersion.DEFAULT))).equals(LAGGING))
                .limit(2L * TRIES).toList();
        List<String> atOne = keys.subList(0, TRIES);
        List<String> atQuorum = keys.subList(TRIES, 2 * TRIES);
        NodeMetrics metrics = NodeMetrics.of(cassandra, session);
        List<String> others = List.of("node1", "node2");
        String readTimeout = setting(session, "read_request_timeout");
        String writeTimeout = setting(session, "write_request_timeout");
        Story.say("""
                A replica lags when it misses writes: a long pause, an overloaded disk, a network blip. To make
                that happen every run, the lesson freezes %s's process (SIGSTOP: its sockets stay open, it
                answers nothing) and holds hint delivery on node1 and node2 (nodetool pausehandoff), writes
                %d rows at ONE and %d at QUORUM through the other nodes, then lets %s run again and reads
                every row back through it. Everything is resumed in a finally block, and at the next
                lesson's start, whatever happens.""", LAGGING, TRIES, TRIES, LAGGING);
        long hintsBefore = others.stream().mapToLong(metrics::hintsWritten).sum();
        long deliveredBefore = others.stream().mapToLong(metrics::hintsDelivered).sum();
        Map<String, String[]> down = new LinkedHashMap<>();
        String allWriteBeforeDown;
        Duration toDown;
        Duration allSentAfter;
        try (CqlSession avoiding = cassandra.connectAvoiding(LAGGING);
             NodeMetrics.HeldHints held = metrics.holdHints(others)) {
            PreparedStatement write = avoiding.prepare("INSERT INTO " + ks + ".profiles (user_id, display_name) VALUES (?, ?)");
            PreparedStatement read = avoiding.prepare("SELECT display_name FROM " + ks + ".profiles WHERE user_id = ?");
            // tag::pause[]
            try (PausedNode paused = PausedNode.pause(laggingNode)) {
                long pausedAt = System.nanoTime();
                atOne.forEach(k -> avoiding.execute(write.bind(k, "written at ONE").setConsistencyLevel(DefaultConsistencyLevel.ONE)));
                atQuorum.forEach(k -> avoiding.execute(write.bind(k, "written at QUORUM")
                        .setConsistencyLevel(DefaultConsistencyLevel.QUORUM)));
                // end::pause[]
                boolean seenUp = !metrics.seenDown("node1").contains(LAGGING);
                long allSent = System.nanoTime();
                allSentAfter = Duration.ofNanos(allSent - pausedAt);
                CompletableFuture<String> allWrite = avoiding.executeAsync(write.bind("all-before-down", "x")
                        .setConsistencyLevel(DefaultConsistencyLevel.ALL)).toCompletableFuture()
                        .handle((ok, failure) -> String.format("%s (after %.1f s)", failure == null ? "ok" : error(failure),
                                (System.nanoTime() - allSent) / 1e9));
                Poll.until("node1 to see " + LAGGING + " down", GOSSIP_LIMIT).every(Duration.ofMillis(500))
                        .await(() -> metrics.seenDown("node1").contains(LAGGING), "./jbang status, then rerun");
                toDown = Duration.ofNanos(System.nanoTime() - pausedAt);
                for (ConsistencyLevel level : LEVELS) {
                    down.put(level.name(), new String[] {
                        attempt(() -> avoiding.execute(read.bind("user-7").setConsistencyLevel(level))),
                        attempt(() -> avoiding.execute(write.bind("down-" + level.name(), "x").setConsistencyLevel(level)))});
                }
                allWriteBeforeDown = (seenUp ? "" : "(" + LAGGING + " already seen down) ") + allWrite.join();
            }
            long hintsWritten = others.stream().mapToLong(metrics::hintsWritten).sum() - hintsBefore;
            Story.say("""
                    While %s was frozen, node1's failure detector took %.1f s to mark it down (gossip
                    heartbeats missing long enough). Until then a coordinator still sent it every write and
                    waited; after, it refused at once what the live replicas cannot satisfy:""",
                    LAGGING, toDown.toNanos() / 1e9);
            TextTable table = TextTable.of("with " + LAGGING + " down", "read", "write");
            down.forEach((level, outcome) -> table.row(level, shortly(outcome[0]), shortly(outcome[1])));
            table.row("ALL, before it was seen down", "-", shortly(allWriteBeforeDown));
            table.print();
            Story.say("""
                    ONE and QUORUM need 1 and 2 live replicas of 3 and both succeed. ALL fails, and how depends
                    on what the coordinator knew. Seen down: %s Not yet seen down (a write sent %.1f s after
                    the freeze, write_request_timeout %s): %s. A read at ALL in that window waits
                    read_request_timeout (%s) and fails with ReadTimeoutException. An UnavailableException
                    means nothing was tried; a timeout means the write may have reached some replicas.""",
                    failureOf(down.get("ALL")[1]), allSentAfter.toNanos() / 1e9, writeTimeout, allWriteBeforeDown,
                    readTimeout);

            try (CqlSession after = cassandra.connect()) {
                Node node3 = after.getMetadata().getNodes().values().stream().filter(n -> cassandra.nameOf(n).equals(LAGGING))
                        .findFirst().orElseThrow();
                PreparedStatement readBack = after.prepare("SELECT display_name FROM " + ks + ".profiles WHERE user_id = ?");
                TracingSession traced = new TracingSession(after);
                Measured<Integer> oneMisses = traced.measure(() -> misses(traced, readBack, atOne, DefaultConsistencyLevel.ONE, node3));
                Measured<Integer> quorumMisses = traced.measure(() -> misses(traced, readBack, atQuorum,
                        DefaultConsistencyLevel.QUORUM, node3));
                TextTable.of("written at", "read at", "through", "replicas that read", "misses", "read repairs")
                        .row("ONE", "ONE", LAGGING, String.join(", ", oneMisses.cost().nodesRead()),
                                oneMisses.value() + " of " + TRIES, oneMisses.cost().readRepairs())
                        .row("QUORUM", "QUORUM", LAGGING, String.join(", ", quorumMisses.cost().nodesRead()),
                                quorumMisses.value() + " of " + TRIES, quorumMisses.cost().readRepairs())
                        .print();
                Story.say("""
                        A write at ONE was acknowledged by one replica; a read at ONE asked one replica, mostly the
                        lagging %s (these keys' first replica), which never got the write: %d of %d reads missed
                        the user's own write (a read the coordinator sent to another replica found it). At
                        QUORUM both ways (W + R = 2 + 2 > RF = 3) every read set overlaps every write set in at
                        least one replica: the digests differed, the coordinator took the newest version and
                        wrote it back to %s (%d read repairs): %d of %d missed. ONE for writes and ALL for reads
                        (1 + 3 > 3) overlaps too, and fails as soon as one node is down.""",
                        LAGGING, oneMisses.value(), TRIES, LAGGING, quorumMisses.cost().readRepairs(), quorumMisses.value(), TRIES);
                RECAP.line("%d writes at ONE read back at ONE on a lagging replica: %d missed; at QUORUM/QUORUM: %d missed"
                        + " (%d read repairs)", TRIES, oneMisses.value(), quorumMisses.value(), quorumMisses.cost().readRepairs());
                RECAP.line("%s down: ONE and QUORUM %s, ALL %s; gossip saw it down after %.1f s",
                        LAGGING, down.get("ONE")[0].equals("ok") && down.get("QUORUM")[1].equals("ok") ? "succeeded" : "see above",
                        shortly(down.get("ALL")[1]), toDown.toNanos() / 1e9);

                Story.section("Hinted handoff: the missed writes delivered");
                held.close();
                boolean delivered = Poll.until("the hints to reach " + LAGGING, HINTS_LIMIT).every(Duration.ofMillis(500))
                        .tryAwait(() -> others.stream().mapToLong(metrics::hintsDelivered).sum() - deliveredBefore >= hintsWritten);
                long hintsDelivered = others.stream().mapToLong(metrics::hintsDelivered).sum() - deliveredBefore;
                int missesAfter = misses(after, readBack, atOne, DefaultConsistencyLevel.ONE, node3);
                Story.say("""
                        node1 and node2 kept a hint for every write %s did not acknowledge: %d hints written
                        (the writes at ONE and at QUORUM, and the probes above). With delivery resumed, %d were
                        delivered%s; the writes at ONE read back at ONE through %s now: %d of %d missed. A hint
                        is kept for max_hint_window (%s here); a replica down longer than that needs a repair
                        (nodetool repair) to catch up.""", LAGGING, hintsWritten, hintsDelivered,
                        delivered ? "" : " within " + HINTS_LIMIT.toSeconds() + " s (the rest still pending)",
                        LAGGING, missesAfter, TRIES, setting(session, "max_hint_window"));
                RECAP.line("hinted handoff: %d hints written while %s was away, %d delivered; then %d of %d missed at ONE",
                        hintsWritten, LAGGING, hintsDelivered, missesAfter, TRIES);
            }
        }
    }

    /** A username claimed with IF NOT EXISTS at RF 3 and at RF 1: the Paxos steps from the trace. */
    static void lightweightTransactions(CqlSession session, String ks, String rf1, int rf) {
        Story.section("A lightweight transaction at RF " + rf);
        CostProbe probe = new CostProbe(session);
        Map<String, QueryCost> claims = new LinkedHashMap<>();
        claims.put("RF " + rf, claim(session, probe, ks));
        if (rf1 != null) {
            claims.put("RF 1", claim(session, probe, rf1));
        }
        TextTable table = TextTable.of("keyspace", "Paxos steps", "replicas read", "Paxos state writes", "table writes", "ms");
        claims.forEach((name, cost) -> table.row(name, cost.paxosSteps(), cost.nodesAsked(), cost.paxosWrites(),
                cost.partitionWrites(), String.format("%.1f", cost.elapsed().toNanos() / 1e6)));
        table.print();
        QueryCost three = claims.get("RF " + rf);
        Story.say("""
                INSERT ... IF NOT EXISTS runs Paxos among the partition's replicas. Its four round trips are
                the same at any replication factor (prepare and promise, read the current row, propose and
                accept, commit), but each goes to every replica and waits for a majority, and the trace counts
                a step per replica that took it: %s (at RF 3 every step but the read is taken by 3
                replicas). The Paxos phase runs at SERIAL (LOCAL_SERIAL in one datacenter of several), the
                commit at the statement's level. %s""",
                rf1 == null ? three.paxosSteps() + " at RF 1, as in lesson 07's booking; RF 3 needs 3 nodes"
                        : String.format("%d at RF %d where RF 1 counts %d, as lesson 07's booking did", three.paxosSteps(), rf,
                                claims.get("RF 1").paxosSteps()),
                PaxosVariant.sentence(session));
        RECAP.line("a username claimed IF NOT EXISTS: %d Paxos steps at RF %d%s", three.paxosSteps(), rf,
                rf1 == null ? "" : String.format(", %d at RF 1", claims.get("RF 1").paxosSteps()));
    }

    static QueryCost claim(CqlSession session, CostProbe probe, String keyspace) {
        PreparedStatement claim = session.prepare("INSERT INTO " + keyspace + ".usernames (username, user_id) VALUES (?, ?)"
                + " IF NOT EXISTS");
        return probe.write(claim.bind("ana", "user-1"));
    }

    /** Rows of keys read back through one node at one level that came back empty. */
    // tag::read-back[]
    static int misses(CqlSession session, PreparedStatement read, List<String> keys, ConsistencyLevel level, Node through) {
        return (int) keys.stream().filter(k -> session.execute(read.bind(k).setConsistencyLevel(level).setNode(through)).one() == null)
                .count();
    }
    // end::read-back[]

    /** Median latency per level over TIMED reads of each, the levels interleaved, after a warm-up round. */
    static Map<ConsistencyLevel, Double> medianMillis(CqlSession session, PreparedStatement read) {
        Map<ConsistencyLevel, List<Double>> samples = new LinkedHashMap<>();
        LEVELS.forEach(level -> samples.put(level, new ArrayList<>()));
        for (int i = -3; i < TIMED; i++) {
            for (ConsistencyLevel level : LEVELS) {
                BoundStatement statement = read.bind("user-" + Math.floorMod(i, 50)).setConsistencyLevel(level);
                long start = System.nanoTime();
                session.execute(statement);
                if (i >= 0) {
                    samples.get(level).add((System.nanoTime() - start) / 1e6);
                }
            }
        }
        Map<ConsistencyLevel, Double> medians = new LinkedHashMap<>();
        samples.forEach((level, ms) -> medians.put(level, ms.stream().sorted().toList().get(ms.size() / 2)));
        return medians;
    }

    /** The driver learns a new keyspace's replicas a moment after it is created. */
    static boolean knowsReplicas(TokenRing ring) {
        try {
            return ring.owner(0L) != null;
        } catch (NoSuchElementException notYet) {
            return false;
        }
    }

    static int waitsFor(ConsistencyLevel level, int rf) {
        return level == DefaultConsistencyLevel.ONE ? 1 : level == DefaultConsistencyLevel.QUORUM ? rf / 2 + 1 : rf;
    }

    static String attempt(Runnable statement) {
        try {
            statement.run();
            return "ok";
        } catch (DriverException e) {
            return error(e);
        }
    }

    /** The server's error under the driver's wrappers: its class and message. */
    static String error(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof AllNodesFailedException all) {
            cause = all.getAllErrors().values().stream().flatMap(List::stream).findFirst().orElse(cause);
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }

    /** "ok", or the error's class alone, for a table cell. */
    static String shortly(String outcome) {
        return outcome.replace("(" + LAGGING + " already seen down) ", "").replaceFirst(":.*", "").replaceFirst(" \\(after.*", "");
    }

    /** The error message with its class, as one sentence. */
    static String failureOf(String outcome) {
        return outcome.endsWith(".") ? outcome : outcome + ".";
    }

    static String setting(CqlSession session, String name) {
        return Optional.ofNullable(session.execute(SimpleStatement.newInstance(
                "SELECT value FROM system_views.settings WHERE name = ?", name)).one()).map(r -> r.getString("value")).orElse("?");
    }
}
