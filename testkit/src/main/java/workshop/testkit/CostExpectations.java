package workshop.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import workshop.kit.cost.QueryCost;
import workshop.kit.dynamo.DynamoCost;

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

    /**
     * The call must read at most maxPartitions partitions (no token-range scan) and at most maxRows
     * rows: for reads that may touch a few partitions, such as a page that crosses a bucket.
     */
    public static void assertReadAtMost(String call, QueryCost cost, int maxPartitions, long maxRows, String why) {
        if (cost.requests() == 0) {
            fail(call + " ran no statement through the session it was given, so its cost cannot be measured.");
        }
        if (cost.rangeScans() > 0 || cost.partitionsRead() > maxPartitions || cost.rowsRead() > maxRows) {
            fail(String.format("""
                    %s read %,d row(s) in %s partition(s) on %s.
                      It should read at most %,d row(s) in at most %d partition(s). %s""",
                    call, cost.rowsRead(), cost.partitionsDescription(), cost.nodesRead(), maxRows, maxPartitions, why));
        }
    }

    /** The call must write nothing: a repeated request, or a read. */
    public static void assertNothingWritten(String call, QueryCost cost, String why) {
        if (cost.requests() == 0) {
            fail(call + " ran no statement through the session it was given, so its cost cannot be measured.");
        }
        if (cost.partitionWrites() > 0) {
            fail(String.format("%s wrote %,d partition(s); it should write nothing. %s", call, cost.partitionWrites(), why));
        }
    }

    /** Input the call must refuse is refused before any statement runs, so bad input never costs a read. */
    public static void assertNothingRan(String call, QueryCost cost) {
        if (cost.requests() > 0) {
            fail(String.format("%s ran %d statement(s) (%s) before refusing its input. Check the arguments first:"
                    + " a bad request should cost the store nothing.", call, cost.requests(), cost.summary()));
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

    /** A refused call must write nothing to any table (Paxos bookkeeping of a failed condition aside). */
    public static void assertRefusedWithoutWriting(String call, QueryCost cost) {
        if (cost.partitionWrites() > 0) {
            fail(String.format("%s was refused but wrote %d partition(s) (%s). A refused request must leave the tables as they were.",
                    call, cost.partitionWrites(), cost.summary()));
        }
    }

    /** DynamoDB: the call must be one Query (no Scan) that reads at most maxItems items. */
    public static void assertOneQuery(String call, DynamoCost cost, long maxItems) {
        if (cost.requests() == 0) {
            fail(call + " made no DynamoDB request through the client it was given, so its cost cannot be measured.");
        }
        if (cost.requests() != 1 || cost.queries() != 1 || cost.itemsRead() > maxItems) {
            fail(String.format("""
                    %s made %s request(s) that read %,d item(s), %s read unit(s).
                      One Query would read at most %,d item(s): put what you look up in the partition key, order
                      the items inside it with the sort key, and let Limit and ScanIndexForward stop the read.""",
                    call, cost.requestsText(), cost.itemsRead(), cost.readUnitsText(), maxItems));
        }
    }

    /** DynamoDB: the call may make several queries (one per partition it visits) but no Scan, reading at most maxItems. */
    public static void assertQueriesOnly(String call, DynamoCost cost, int maxQueries, long maxItems, String why) {
        if (cost.scans() > 0 || cost.requests() != cost.queries() || cost.queries() > maxQueries || cost.itemsRead() > maxItems) {
            fail(String.format("""
                    %s made %s request(s) that read %,d item(s).
                      It should make at most %d Query request(s), nothing else, and read at most %,d item(s). %s""",
                    call, cost.requestsText(), cost.itemsRead(), maxQueries, maxItems, why));
        }
    }

    /** DynamoDB: every write of the call must go in one TransactWriteItems, all or nothing. */
    public static void assertOneTransaction(String call, DynamoCost cost, long itemsWritten) {
        int otherWrites = cost.requests("PutItem") + cost.requests("UpdateItem") + cost.requests("DeleteItem")
                + cost.requests("BatchWriteItem");
        if (cost.requests("TransactWriteItems") != 1 || otherWrites > 0 || cost.itemsWritten() != itemsWritten) {
            fail(String.format("""
                    %s made %s request(s) and wrote %,d item(s); expected one TransactWriteItems writing %,d
                      item(s) and no other write. Written separately, a crash between two writes leaves the message
                      without its chat-list rows (or the reverse): put every write of the message in one
                      transaction, so either all of them happen or none.""",
                    call, cost.requestsText(), cost.itemsWritten(), itemsWritten));
        }
    }
}
