package workshop.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import workshop.kit.cost.QueryCost;

/**
 * Assertions on what a call cost. A right answer obtained the wrong way fails, and the message
 * says what was read and what the design should have read, so the failure teaches.
 */
public final class CostExpectations {

    private CostExpectations() {}

    /** The call must read one partition, on one node, and at most maxRows rows. */
    public static void assertOnePartitionRead(String call, QueryCost cost, long maxRows) {
        if (cost.requests() == 0) {
            fail(call + " ran no statement through the session it was given, so its cost cannot be measured.");
        }
        if (!cost.singlePartition() || cost.nodesAsked() > 1 || cost.rowsRead() > maxRows) {
            fail(String.format("""
                    %s read %,d row(s) on %d node(s) %s; partitions read: %s.
                      A one-partition read would ask 1 node and read at most %,d row(s).
                      Make the value you look up the partition key, and order the rows inside it with the
                      clustering key, so the store can go straight there and stop at the limit.""",
                    call, cost.rowsRead(), cost.nodesAsked(), cost.nodesRead(), cost.partitionsDescription(), maxRows));
        }
    }

    /** The call must not read more rows than this. */
    public static void assertRowsReadAtMost(String call, QueryCost cost, long maxRows, String why) {
        if (cost.rowsRead() > maxRows) {
            fail(String.format("%s read %,d rows; it should read at most %,d. %s", call, cost.rowsRead(), maxRows, why));
        }
    }

    /**
     * The call must decide with a conditional write (a lightweight transaction: the trace shows
     * Paxos steps) and write at most one partition of a table.
     */
    public static void assertConditionalWrite(String call, QueryCost cost) {
        if (cost.requests() == 0) {
            fail(call + " ran no statement through the session it was given, so its cost cannot be measured.");
        }
        if (!cost.conditional()) {
            fail(String.format("""
                    %s wrote without a condition: its trace shows no Paxos step (%s).
                      Between a read that finds the row free and a plain write, another client can do the same,
                      and both writes succeed. Put the check in the write (UPDATE ... IF column = value, for
                      example IF reservation_id = null) and read wasApplied() from the result.""", call, cost.summary()));
        }
        if (cost.partitionWrites() > 1) {
            fail(String.format("%s wrote %d table partition(s); a conditional write changes one (%s).",
                    call, cost.partitionWrites(), cost.summary()));
        }
    }

    /** The call must write nothing to any table (Paxos bookkeeping of a failed condition aside). */
    public static void assertNothingWritten(String call, QueryCost cost) {
        if (cost.partitionWrites() > 0) {
            fail(String.format("%s was refused but wrote %d partition(s) (%s). A refused request must leave the tables as they were.",
                    call, cost.partitionWrites(), cost.summary()));
        }
    }
}
