package workshop.kit.cost;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.Poll;
import workshop.kit.cassandra.ClusterLayout;

/**
 * Reads one request's trace from system_traces and counts what it did. Trace events are written
 * asynchronously by every node involved, so it polls until the session is finished and the event
 * count has stopped changing. It reads at ONE, which any cluster size can serve (system_traces
 * keeps two replicas, a one-node cluster has one); settling, not the consistency level, is what
 * says the trace is complete, and a trace that never settles is reported as such.
 */
final class TraceReader {

    private static final Pattern ROWS_READ = Pattern.compile("^Read (\\d+) live rows(?: and (\\d+) tombstone cells)?");
    private static final Pattern MEMTABLE_WRITE = Pattern.compile("^Adding to (\\S+) memtable");
    /** Cassandra's trace lines for the Paxos steps of a lightweight transaction. */
    private static final Pattern PAXOS_STEP = Pattern.compile(
            "^(Promising ballot|Reading existing values for CAS precondition|Accepting proposal|Committing proposal)");
    /**
     * Reads a node makes of its own system tables, not of the learner's: its Paxos state before it
     * promises, its own record in system.local (read once after a start, when a commit first
     * looks up truncation times), and on a room's cluster the logins and permissions it checks
     * before a statement when its cache of them has expired (system_auth's tables).
     */
    private static final Pattern INTERNAL_READ = Pattern.compile(
            "^Executing single-partition query on (paxos|local|roles|role_members|role_permissions|network_permissions"
                    + "|cidr_permissions|identity_to_role)$");
    private static final String COUNTER_UPDATE = "Acquiring counter locks";
    private static final Duration SETTLE = Duration.ofMillis(100);
    /** Polls in a row that must see the same events before the trace counts as complete. */
    private static final int STABLE_POLLS = 2;

    private final CqlSession session;
    private final PreparedStatement events;
    private final PreparedStatement duration;
    private final ClusterLayout layout = ClusterLayout.standard();

    TraceReader(CqlSession session) {
        this.session = session;
        this.events = session.prepare("SELECT source, source_port, activity FROM system_traces.events WHERE session_id = ?");
        this.duration = session.prepare("SELECT duration, coordinator, coordinator_port FROM system_traces.sessions WHERE session_id = ?");
    }

    /**
     * The trace's cost; {@link QueryCost#complete()} is false when it had not settled within giveUp.
     * A statement's first page carries the statement and its rows returned; later pages add requests only.
     */
    QueryCost read(UUID traceId, boolean firstPage, long rowsReturned, Duration giveUp) {
        Optional<List<Row>> settled = settledEvents(traceId, giveUp);
        List<Row> trace = settled.orElseGet(() -> events(traceId));
        Set<String> nodesRead = new TreeSet<>();
        int partitions = 0;
        int ranges = 0;
        long rowsRead = 0;
        long tombstones = 0;
        long writes = 0;
        int paxosSteps = 0;
        long paxosWrites = 0;
        boolean readingInternalState = false;
        long batchlog = 0;
        int counterUpdates = 0;
        ReplicaReads replicas = new ReplicaReads();
        for (Row event : trace) {
            String activity = event.getString("activity");
            replicas.accept(activity);
            String node = nodeName(event.getInetAddress("source"), event.getInt("source_port"));
            if (INTERNAL_READ.matcher(activity).find()) {
                readingInternalState = true;
            } else if (activity.startsWith("Executing single-partition query")) {
                readingInternalState = false;
                partitions++;
                nodesRead.add(node);
            } else if (activity.startsWith("Executing seq scan")) {
                readingInternalState = false;
                ranges++;
                nodesRead.add(node);
            }
            Matcher rows = ROWS_READ.matcher(activity);
            if (rows.find()) {
                if (readingInternalState) {
                    readingInternalState = false;
                } else {
                    rowsRead += Long.parseLong(rows.group(1));
                    tombstones += rows.group(2) == null ? 0 : Long.parseLong(rows.group(2));
                    nodesRead.add(node);
                }
            }
            Matcher write = MEMTABLE_WRITE.matcher(activity);
            if (write.find()) {
                switch (write.group(1)) {
                    case "batches" -> batchlog++; // the batch log of a logged batch, not a table of ours
                    case "paxos" -> paxosWrites++;
                    default -> writes++;
                }
            }
            if (PAXOS_STEP.matcher(activity).find()) {
                paxosSteps++;
            }
            if (activity.startsWith(COUNTER_UPDATE)) {
                counterUpdates++;
            }
        }
        Row sessionRow = sessionRow(traceId);
        Duration elapsed = sessionRow == null || sessionRow.isNull("duration") ? Duration.ZERO
                : Duration.ofNanos(sessionRow.getInt("duration") * 1000L);
        Set<String> coordinator = sessionRow == null ? Set.of()
                : Set.of(nodeName(sessionRow.getInetAddress("coordinator"), sessionRow.getInt("coordinator_port")));
        return new QueryCost(nodesRead, coordinator, partitions, ranges, rowsRead, rowsReturned, writes, 1, elapsed,
                paxosSteps, paxosWrites, batchlog, settled.isPresent() ? 0 : 1, firstPage ? 1 : 0, counterUpdates,
                replicas.digestReads(coordinator, nodesRead), replicas.readRepairs(), tombstones);
    }

    /** The events once the session has finished and STABLE_POLLS polls in a row saw the same count. */
    private Optional<List<Row>> settledEvents(UUID traceId, Duration giveUp) {
        int[] lastCount = {-1};
        int[] stable = {0};
        return Poll.until("the trace of request " + traceId + " to settle", giveUp).every(SETTLE).tryGet(() -> {
            List<Row> rows = events(traceId);
            Row sessionRow = sessionRow(traceId);
            boolean finished = sessionRow != null && !sessionRow.isNull("duration");
            stable[0] = finished && rows.size() == lastCount[0] ? stable[0] + 1 : 0;
            lastCount[0] = rows.size();
            return stable[0] >= STABLE_POLLS ? Optional.of(rows) : Optional.empty();
        });
    }

    private List<Row> events(UUID traceId) {
        return session.execute(events.bind(traceId).setConsistencyLevel(ConsistencyLevel.ONE)).all();
    }

    private Row sessionRow(UUID traceId) {
        return session.execute(duration.bind(traceId).setConsistencyLevel(ConsistencyLevel.ONE)).one();
    }

    /** node1..node3 for our loopback nodes; address:port for anything else. */
    private String nodeName(InetAddress address, int port) {
        String ours = address.isLoopbackAddress() ? layout.nameOfPort(port) : null;
        return ours != null ? ours : address.getHostAddress() + ":" + port;
    }
}
