package workshop.kit.catalogue;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import workshop.kit.cost.QueryCost;

/** Hand-made observations for the rules' tests: what a run read, wrote and sent, one fact at a time. */
final class Seen {

    private final int reads;
    private final int distinct;
    private final int ranges;
    private final Set<String> nodes;
    private final long rowsRead;
    private final long rowsUsed;
    private final int requests;
    private Set<String> tables = Set.of("messages");
    private int statements;
    private long tableWrites;
    private int written;
    private int keys;
    private int paxos;
    private long batchlog;
    private int counters;
    private boolean limited;
    private boolean filtering;
    private int inFlight = 1;
    private Duration latency = Duration.ofMillis(3);

    private Seen(int reads, int distinct, int ranges, int nodes, long rowsRead, long rowsUsed, int requests) {
        this.reads = reads;
        this.distinct = distinct;
        this.ranges = ranges;
        this.nodes = new TreeSet<>(Set.of("node1", "node2", "node3").stream().sorted().limit(nodes).toList());
        this.rowsRead = rowsRead;
        this.rowsUsed = rowsUsed;
        this.requests = requests;
        this.statements = requests;
    }

    /** Partition reads, distinct partitions, ranges scanned, nodes, rows read and used, requests (one statement each). */
    static Seen of(int reads, int distinct, int ranges, int nodes, long rowsRead, long rowsUsed, int requests) {
        return new Seen(reads, distinct, ranges, nodes, rowsRead, rowsUsed, requests);
    }

    Seen tables(String... names) {
        tables = Set.of(names);
        return this;
    }

    /** Statements the checker saw sent (the trace counts one per request). */
    Seen statements(int sent) {
        statements = sent;
        return this;
    }

    /** Table writes in the trace, and the distinct partitions and keys the statements named. */
    Seen wrote(long writes, int partitions, int distinctKeys) {
        tableWrites = writes;
        written = partitions;
        keys = distinctKeys;
        return this;
    }

    Seen paxos(int steps) {
        paxos = steps;
        return this;
    }

    Seen batchlog(long entries) {
        batchlog = entries;
        return this;
    }

    Seen counters(int updates) {
        counters = updates;
        return this;
    }

    Seen withLimit() {
        limited = true;
        return this;
    }

    Seen withFiltering() {
        filtering = true;
        return this;
    }

    Seen inFlight(int most) {
        inFlight = most;
        return this;
    }

    Seen latency(Duration took) {
        latency = took;
        return this;
    }

    Observation observation() {
        QueryCost cost = new QueryCost(nodes, nodes, reads, ranges, rowsRead, rowsUsed, tableWrites, requests, latency, paxos,
                0, batchlog, 0, statements, counters, 0, 0);
        return new Observation(cost, distinct, written, keys, tables, statements, limited, filtering, inFlight, latency, null);
    }
}
