package workshop.kit.catalogue;

import java.time.Duration;
import java.util.Set;
import workshop.kit.cost.QueryCost;
import workshop.kit.terminal.Words;

/**
 * What one run of a pattern's code touched: the store's trace of every statement it ran, and what
 * the checker saw the code send.
 *
 * @param cost               the trace's counts, summed over every request
 * @param distinctPartitions partitions read: the distinct partition keys of the reads when each request read
 *                           exactly one partition, else the trace's partition reads
 * @param partitionsWritten  partitions written: the distinct (table, key) pairs of the writes when every key is
 *                           known, else the trace's table writes
 * @param keysWritten        distinct partition keys written: writes of one key to several tables are one mutation
 * @param tables             tables the statements read or wrote
 * @param statements         statements the checker saw the code send (a batch is one)
 * @param everyReadLimited   whether every read statement has a LIMIT
 * @param filtering          whether a statement says ALLOW FILTERING
 * @param mostInFlight       the most statements in flight at the same moment: 1 when each waited for the last
 * @param latency            from the call until its last statement answered, as the application would wait
 * @param error              what the code threw, or null
 */
public record Observation(QueryCost cost, int distinctPartitions, int partitionsWritten, int keysWritten,
                          Set<String> tables, int statements, boolean everyReadLimited, boolean filtering,
                          int mostInFlight, Duration latency, String error) {

    public Observation {
        tables = Set.copyOf(tables);
    }

    static Observation failed(Throwable thrown) {
        return new Observation(QueryCost.NONE, 0, 0, 0, Set.of(), 0, true, false, 0, Duration.ZERO,
                thrown.getClass().getSimpleName() + ": " + thrown.getMessage());
    }

    /** Single-partition reads in the trace (two reads of one partition count twice). */
    public int partitionReads() {
        return cost.partitionsRead();
    }

    public int rangeScans() {
        return cost.rangeScans();
    }

    /** Nodes that read data. */
    public Set<String> nodes() {
        return cost.nodesRead();
    }

    public long rowsRead() {
        return cost.rowsRead();
    }

    /** Rows the code took from the results. */
    public long rowsReturned() {
        return cost.rowsReturned();
    }

    /** Traced requests (each page of a paged read is one). */
    public int requests() {
        return cost.requests();
    }

    public boolean scanned() {
        return rangeScans() > 0;
    }

    public boolean wrote() {
        return cost.partitionWrites() > 0 || cost.conditional() || cost.counterUpdates() > 0;
    }

    /** No request read more than one partition: neighbours were read one request each, not fanned out by one. */
    public boolean onePartitionPerRequest() {
        return partitionReads() <= requests();
    }

    /**
     * Statements the store traced that the checker did not see sent: they ran on a session other than
     * the one the catalogue was given, so their tables and keys are unknown and the run cannot be judged.
     */
    public int unseen() {
        return Math.max(0, cost.statements() - statements);
    }

    /** Short, for a report column: "1 partition, node1", "12 ranges, 3 nodes", "2 partitions written". */
    public String touched() {
        if (error != null) {
            return "(threw)";
        }
        String where = nodes().isEmpty() ? "" : ", " + (nodes().size() == 1 ? nodes().iterator().next() : nodes().size() + " nodes");
        if (scanned()) {
            return Words.count(rangeScans(), "range") + where;
        }
        if (distinctPartitions == 0 && wrote()) {
            return Words.count(partitionsWritten, "partition") + " written";
        }
        return Words.count(distinctPartitions, "partition") + where + (partitionsWritten > 0 ? ", " + partitionsWritten + " written" : "");
    }
}
