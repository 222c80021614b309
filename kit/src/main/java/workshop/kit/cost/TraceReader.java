package workshop.kit.cost;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.cassandra.ClusterLayout;

/**
 * Reads one request's trace from system_traces and counts what it did. Trace events are written
 * asynchronously by every node involved, so it polls until the event count stops changing.
 */
final class TraceReader {

    private static final Pattern ROWS_READ = Pattern.compile("^Read (\\d+) live rows");
    private static final Pattern MEMTABLE_WRITE = Pattern.compile("^Adding to (\\S+) memtable");
    /** Cassandra's trace lines for the Paxos steps of a lightweight transaction. */
    private static final Pattern PAXOS_STEP = Pattern.compile(
            "^(Promising ballot|Reading existing values for CAS precondition|Accepting proposal|Committing proposal)");
    private static final Duration SETTLE = Duration.ofMillis(100);
    private static final Duration GIVE_UP = Duration.ofSeconds(15);

    private final CqlSession session;
    private final PreparedStatement events;
    private final PreparedStatement duration;
    private final ClusterLayout layout = ClusterLayout.standard();

    TraceReader(CqlSession session) {
        this.session = session;
        this.events = session.prepare("SELECT source, source_port, activity FROM system_traces.events WHERE session_id = ?");
        this.duration = session.prepare("SELECT duration, coordinator, coordinator_port FROM system_traces.sessions WHERE session_id = ?");
    }

    QueryCost read(UUID traceId, long rowsReturned) {
        List<Row> trace = settledEvents(traceId);
        Set<String> nodesRead = new TreeSet<>();
        int partitions = 0;
        int ranges = 0;
        long rowsRead = 0;
        long writes = 0;
        int paxosSteps = 0;
        long paxosWrites = 0;
        boolean readingPaxosState = false;
        long batchlog = 0;
        for (Row event : trace) {
            String activity = event.getString("activity");
            String node = nodeName(event.getInetAddress("source"), event.getInt("source_port"));
            if (activity.startsWith("Executing single-partition query on paxos")) {
                // A replica reading its own Paxos state before it promises: part of that step, not a table read.
                readingPaxosState = true;
            } else if (activity.startsWith("Executing single-partition query")) {
                readingPaxosState = false;
                partitions++;
                nodesRead.add(node);
            } else if (activity.startsWith("Executing seq scan")) {
                readingPaxosState = false;
                ranges++;
                nodesRead.add(node);
            }
            Matcher rows = ROWS_READ.matcher(activity);
            if (rows.find()) {
                if (readingPaxosState) {
                    readingPaxosState = false;
                } else {
                    rowsRead += Long.parseLong(rows.group(1));
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
        }
        Row sessionRow = session.execute(duration.bind(traceId).setConsistencyLevel(ConsistencyLevel.ONE)).one();
        Duration elapsed = sessionRow == null || sessionRow.isNull("duration") ? Duration.ZERO
                : Duration.ofNanos(sessionRow.getInt("duration") * 1000L);
        Set<String> coordinator = sessionRow == null ? Set.of()
                : Set.of(nodeName(sessionRow.getInetAddress("coordinator"), sessionRow.getInt("coordinator_port")));
        return new QueryCost(nodesRead, coordinator, partitions, ranges, rowsRead, rowsReturned, writes, 1, elapsed,
                paxosSteps, paxosWrites, batchlog);
    }

    private List<Row> settledEvents(UUID traceId) {
        long deadline = System.nanoTime() + GIVE_UP.toNanos();
        int lastCount = -1;
        int stablePolls = 0;
        List<Row> rows = List.of();
        while (System.nanoTime() < deadline) {
            pause();
            rows = session.execute(events.bind(traceId).setConsistencyLevel(ConsistencyLevel.ALL)).all();
            Row sessionRow = session.execute(duration.bind(traceId)).one();
            boolean finished = sessionRow != null && !sessionRow.isNull("duration");
            stablePolls = rows.size() == lastCount && finished ? stablePolls + 1 : 0;
            if (stablePolls >= 2) {
                return rows;
            }
            lastCount = rows.size();
        }
        return rows;
    }

    /** node1..node3 for our loopback nodes; address:port for anything else. */
    private String nodeName(InetAddress address, int port) {
        String ours = address.isLoopbackAddress() ? layout.nameOfPort(port) : null;
        return ours != null ? ours : address.getHostAddress() + ":" + port;
    }

    private static void pause() {
        try {
            Thread.sleep(SETTLE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading a trace", e);
        }
    }
}
