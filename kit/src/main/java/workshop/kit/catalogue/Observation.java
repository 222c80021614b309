package workshop.kit.catalogue;

import java.time.Duration;
import java.util.Set;

/**
 * What one run of a pattern's code touched, from the store's trace of every statement it ran.
 *
 * @param partitionReads     single-partition reads in the trace (two reads of one partition count twice)
 * @param distinctPartitions partitions touched: the distinct partition keys of the statements when each
 *                           request read exactly one partition, else the partition reads
 * @param rangeScans         token ranges scanned: every partition in them was read
 * @param nodes              nodes that read data
 * @param tables             tables the statements read or wrote
 * @param rowsRead           live rows the nodes read
 * @param rowsReturned       rows the code took from the results
 * @param requests           traced requests (each page of a paged read is one)
 * @param elapsed            the coordinators' time, summed
 * @param error              what the code threw, or null
 */
public record Observation(int partitionReads, int distinctPartitions, int rangeScans, Set<String> nodes, Set<String> tables,
                          long rowsRead, long rowsReturned, int requests, Duration elapsed, String error) {

    public Observation {
        nodes = Set.copyOf(nodes);
        tables = Set.copyOf(tables);
    }

    static Observation failed(Throwable thrown) {
        return new Observation(0, 0, 0, Set.of(), Set.of(), 0, 0, 0, Duration.ZERO,
                thrown.getClass().getSimpleName() + ": " + thrown.getMessage());
    }

    public boolean scanned() {
        return rangeScans > 0;
    }

    /** No request read more than one partition: neighbours were read one after another, not fanned out. */
    public boolean onePartitionPerRequest() {
        return partitionReads <= requests;
    }

    /** Short, for a report column. */
    public String touched() {
        if (error != null) {
            return "(threw)";
        }
        String where = nodes.size() == 1 ? nodes.iterator().next() : nodes.size() + " nodes";
        if (scanned()) {
            return rangeScans + " ranges, " + where;
        }
        return (distinctPartitions == 1 ? "1 partition, " : distinctPartitions + " partitions, ") + where;
    }
}
