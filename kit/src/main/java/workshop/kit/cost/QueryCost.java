package workshop.kit.cost;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one or more requests cost, counted from the store's own query trace.
 *
 * @param nodesRead       nodes that read data for the request (not the coordinator that only forwarded it)
 * @param coordinators    nodes that received the request from the driver
 * @param partitionsRead  single-partition reads ("Executing single-partition query" events) of tables, not
 *                        of Paxos state
 * @param rangeScans      token ranges scanned ("Executing seq scan" events): every partition in them was read
 * @param rowsRead        live rows the nodes read, summed over "Read N live rows" events
 * @param rowsReturned    rows the driver received
 * @param partitionWrites mutations applied to tables ("Adding to T memtable" events; the batch log and
 *                        Paxos state excluded)
 * @param requests        traced requests (a paged read is one request per page)
 * @param elapsed         coordinator time as the trace reports it, summed over requests
 * @param paxosSteps      Paxos steps of a conditional write (lightweight transaction), one per trace event:
 *                        a replica promising a ballot, the coordinator reading the current values to test the
 *                        condition, a replica accepting a proposal, a replica committing it
 * @param paxosWrites     writes of Paxos state ("Adding to paxos memtable" events) a conditional write made
 * @param batchlogWrites  writes to the batch log that makes a logged batch all-or-nothing ("Adding to batches memtable")
 * @param unsettled       traces that were still growing when the reader gave up: their counts are a lower bound
 * @param statements      statements traced (a paged read is one statement of several requests)
 * @param counterUpdates  counter mutations ("Acquiring counter locks" events): a counter reads before it writes
 * @param digestReads     replicas asked only for a digest of their answer, beside the one that sent the data
 * @param readRepairs     replicas a read wrote the newest version back to, after their digest differed
 * @param tombstonesRead  tombstone cells the nodes read past to find the live rows, summed over "Read N live
 *                        rows and M tombstone cells" events: deleted rows, deleted cells and range deletions
 *                        not yet purged by compaction
 */
public record QueryCost(Set<String> nodesRead, Set<String> coordinators, int partitionsRead, int rangeScans,
                        long rowsRead, long rowsReturned, long partitionWrites, int requests, Duration elapsed,
                        int paxosSteps, long paxosWrites, long batchlogWrites, int unsettled, int statements,
                        int counterUpdates, int digestReads, int readRepairs, long tombstonesRead) {

    public static final QueryCost NONE = new QueryCost(Set.of(), Set.of(), 0, 0, 0, 0, 0, 0, Duration.ZERO, 0, 0, 0, 0, 0, 0, 0, 0);

    /** A cost whose reads crossed no tombstone. */
    public QueryCost(Set<String> nodesRead, Set<String> coordinators, int partitionsRead, int rangeScans,
                     long rowsRead, long rowsReturned, long partitionWrites, int requests, Duration elapsed,
                     int paxosSteps, long paxosWrites, long batchlogWrites, int unsettled, int statements,
                     int counterUpdates, int digestReads, int readRepairs) {
        this(nodesRead, coordinators, partitionsRead, rangeScans, rowsRead, rowsReturned, partitionWrites, requests,
                elapsed, paxosSteps, paxosWrites, batchlogWrites, unsettled, statements, counterUpdates, digestReads,
                readRepairs, 0);
    }

    public int nodesAsked() {
        return nodesRead.size();
    }

    /** True when the request read one partition and scanned no token range. */
    public boolean singlePartition() {
        return partitionsRead <= 1 && rangeScans == 0;
    }

    /** True when every trace settled, so the counts are the whole story and may decide a grade. */
    public boolean complete() {
        return unsettled == 0;
    }

    public QueryCost plus(QueryCost other) {
        Set<String> nodes = new TreeSet<>(nodesRead);
        nodes.addAll(other.nodesRead);
        Set<String> coords = new TreeSet<>(coordinators);
        coords.addAll(other.coordinators);
        return new QueryCost(nodes, coords, partitionsRead + other.partitionsRead, rangeScans + other.rangeScans,
                rowsRead + other.rowsRead, rowsReturned + other.rowsReturned, partitionWrites + other.partitionWrites,
                requests + other.requests, elapsed.plus(other.elapsed), paxosSteps + other.paxosSteps,
                paxosWrites + other.paxosWrites, batchlogWrites + other.batchlogWrites,
                unsettled + other.unsettled, statements + other.statements, counterUpdates + other.counterUpdates,
                digestReads + other.digestReads, readRepairs + other.readRepairs, tombstonesRead + other.tombstonesRead);
    }

    public static QueryCost sum(List<QueryCost> costs) {
        return costs.stream().reduce(NONE, QueryCost::plus);
    }

    /** True when the trace shows a conditional write: Paxos ran before anything was written. */
    public boolean conditional() {
        return paxosSteps > 0;
    }

    /** The partitions column as a person reads it: a count, or the fact that ranges were scanned. */
    public String partitionsDescription() {
        return rangeScans > 0 ? "all (" + rangeScans + " token ranges scanned)" : Integer.toString(partitionsRead);
    }

    /** One line for logs and test failures. */
    public String summary() {
        return String.format("%d node(s) read %s, %s partition(s), %,d row(s) read, %,d returned, %,d partition write(s), %d request(s), %.1f ms",
                nodesAsked(), nodesRead, partitionsDescription(), rowsRead, rowsReturned, partitionWrites, requests,
                elapsed.toNanos() / 1e6)
                + (tombstonesRead > 0 ? String.format(", %,d tombstone cell(s) read", tombstonesRead) : "")
                + (batchlogWrites > 0 ? String.format(", %,d batch log write(s)", batchlogWrites) : "")
                + (conditional() ? String.format(", %d Paxos step(s), %,d Paxos state write(s)", paxosSteps, paxosWrites) : "");
    }
}
