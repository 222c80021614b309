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

    /** The call must not read more rows than this. */
    public static void assertRowsReadAtMost(String call, QueryCost cost, long maxRows, String why) {
        if (cost.rowsRead() > maxRows) {
            fail(String.format("%s read %,d rows; it should read at most %,d. %s", call, cost.rowsRead(), maxRows, why));
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
