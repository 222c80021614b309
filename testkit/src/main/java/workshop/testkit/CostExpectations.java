package workshop.testkit;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.Observation;
import workshop.kit.catalogue.PatternResult;
import workshop.kit.catalogue.Verdict;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.StatementRecorder;
import workshop.kit.diagram.Diagram;
import workshop.kit.dynamo.DynamoCost;

/**
 * Assertions on what a call cost. A right answer obtained the wrong way fails, and the message
 * says what was read and what the design should have read, so the failure teaches.
 */
public final class CostExpectations {

    private CostExpectations() {}

    private static void fail(String message) {
        throw new CostFailure(message);
    }

    /** The call must read one partition, on one node, and at most maxRows rows. */
    public static void assertOnePartitionRead(String call, QueryCost cost, long maxRows) {
        requireMeasured(call, cost);
        if (!onePartitionRead(cost, maxRows)) {
            fail(onePartitionFailure(call, cost, maxRows, onePartitionAdvice(cost, maxRows)));
        }
        held(call, cost, maxRows);
    }

    /** A measured cost that held to its bound, for the learner's certificate. */
    private static void held(String call, QueryCost cost, long maxRows) {
        MeasuredCosts.held(new MeasuredCosts.Figure(call, cost.partitionsRead(), cost.rowsRead(), maxRows));
    }

    /**
     * As {@link #assertOnePartitionRead(String, QueryCost, long)}, with the lesson's own advice
     * when the read spread over partitions: what in its design scattered the answer.
     */
    public static void assertOnePartitionRead(String call, QueryCost cost, long maxRows, String whenSpread) {
        requireMeasured(call, cost);
        if (!onePartitionRead(cost, maxRows)) {
            boolean spread = cost.rangeScans() > 0 || cost.partitionsRead() > 1;
            fail(onePartitionFailure(call, cost, maxRows, spread ? whenSpread : onePartitionAdvice(cost, maxRows)));
        }
        held(call, cost, maxRows);
    }

    private static boolean onePartitionRead(QueryCost cost, long maxRows) {
        return cost.singlePartition() && cost.nodesAsked() <= 1 && cost.rowsRead() <= maxRows;
    }

    private static String onePartitionFailure(String call, QueryCost cost, long maxRows, String advice) {
        return String.format("""
                %s read %,d row(s) on %d node(s) %s; partitions read: %s.
                  A one-partition read would ask 1 node and read at most %,d row(s).
                %s""",
                call, cost.rowsRead(), cost.nodesAsked(), cost.nodesRead(), cost.partitionsDescription(), maxRows, advice);
    }

    /** What is actually wrong with a read that should have been one partition, in the learner's terms. */
    static String onePartitionAdvice(QueryCost cost, long maxRows) {
        if (cost.rangeScans() > 0) {
            return """
                      It scanned token ranges, which reads every partition: the WHERE clause does not name a
                      whole partition key. Make the value you look up the partition key.""";
        }
        if (cost.partitionsRead() > 1) {
            return String.format("""
                      It read %d partitions for one question. Put what the question names, and only that, in
                      the partition key, so the answer lives in one partition.""", cost.partitionsRead());
        }
        return String.format("""
                  It read the right partition, but %,d rows where %,d were enough. Order the rows with the
                  clustering key (CLUSTERING ORDER BY ... DESC for newest first) and put a LIMIT on the
                  query, so the read stops at the rows it returns.""", cost.rowsRead(), maxRows);
    }

    /**
     * Every pattern of the catalogue must be green or explained, and a whole run's schema must be
     * built as its plannedTables() say; the failure message is the checker's report. A whole run's
     * design is drawn first, pass or fail (see {@link DesignDiagrams}).
     */
    public static void assertCatalogueHolds(CatalogueReport report) {
        Optional<Diagram> drawn = DesignDiagrams.draw(report);
        if (!report.passed()) {
            fail("The design does not serve every pattern as its catalogue declares. The checker's report:\n" + report.render());
        }
        drawn.ifPresent(diagram -> diagram.disagreement().ifPresent(line -> fail(line + diagram.differences().stream()
                .map(d -> "\n  " + d).collect(Collectors.joining()))));
    }

    /** Every run of one pattern must be green or explained; a whole run's design is drawn as for the whole catalogue. */
    public static void assertPatternHolds(CatalogueReport report, String patternId) {
        DesignDiagrams.draw(report);
        List<PatternResult> results = report.resultsOf(patternId);
        if (results.isEmpty()) {
            fail("The catalogue declares no pattern " + patternId + ": add AccessPattern.of(\"" + patternId + "\", ...) to patterns().");
        }
        List<String> failures = results.stream().filter(r -> r.verdict() == Verdict.FAILED)
                .flatMap(r -> r.reasons().stream().map(reason -> r.name() + " " + reason)).toList();
        if (!failures.isEmpty()) {
            fail(String.join("\n", failures) + "\n\nThe checker's report:\n" + report.render());
        }
    }

    /**
     * Every run of one pattern must read at most the rows its answer needs. The checker compares rows
     * read with the rows the code took, so code that takes a whole partition and filters it itself
     * passes there; the test knows the answer, so it can tell.
     */
    public static void assertReadOnlyTheAnswer(CatalogueReport report, String patternId, long needed, String why) {
        for (PatternResult result : report.resultsOf(patternId)) {
            Observation seen = result.observed();
            if (seen != null && seen.rowsRead() > needed) {
                fail(String.format("""
                        %s read %,d rows for an answer of %,d: its code took every row and kept the answer itself.
                          %s""", result.name(), seen.rowsRead(), needed, why));
            }
        }
    }

    /**
     * The call must read at most maxPartitions partitions (no token-range scan) and at most maxRows
     * rows: for reads that may touch a few partitions, such as a page that crosses a bucket.
     */
    public static void assertReadAtMost(String call, QueryCost cost, int maxPartitions, long maxRows, String why) {
        requireMeasured(call, cost);
        if (cost.rangeScans() > 0 || cost.partitionsRead() > maxPartitions || cost.rowsRead() > maxRows) {
            fail(String.format("""
                    %s read %,d row(s) in %s partition(s) on %s.
                      It should read at most %,d row(s) in at most %d partition(s). %s""",
                    call, cost.rowsRead(), cost.partitionsDescription(), cost.nodesRead(), maxRows, maxPartitions, why));
        }
        held(call, cost, maxRows);
    }

    /**
     * The statements the code ran must bind their values to statements it prepared once. The
     * recorder holds what a trace cannot show: values spliced into the text, or a call preparing a
     * statement the session already had prepared. The first finding is shown: one fix at a time.
     */
    public static void assertPreparedOnceAndBound(List<StatementRecorder.Finding> findings) {
        if (!findings.isEmpty()) {
            fail(preparedOnceAndBoundAdvice(findings.get(0)));
        }
    }

    private static String preparedOnceAndBoundAdvice(StatementRecorder.Finding finding) {
        return switch (finding.kind()) {
            case SPLICED_VALUES -> String.format("""
                    The code wrote values into the CQL text: it ran
                      %s
                    and before that the same statement with other values:
                      %s
                      Each new text is parsed anew by the node it reaches, and a value holding a
                      quote breaks the statement or changes what it does. Prepare the text once
                      with ? markers (in the constructor or createTable) and bind the values on
                      each call: prepared.bind(...).""", finding.cql(), finding.before());
            case PREPARED_AGAIN -> String.format("""
                    A call prepared again a statement the session had already prepared:
                      %s
                      A prepare on every call costs a round trip to the nodes whenever the
                      driver's cache has let it go, and a cache lookup at best. Prepare each
                      statement once (in the constructor or createTable), keep the
                      PreparedStatement in a field, and only bind it per call.""", finding.cql());
        };
    }

    /** The call must write nothing: a repeated request, or a read. */
    public static void assertNothingWritten(String call, QueryCost cost, String why) {
        requireMeasured(call, cost);
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
        requireComplete(call, cost);
        if (cost.rowsRead() > maxRows) {
            fail(String.format("%s read %,d rows; it should read at most %,d. %s", call, cost.rowsRead(), maxRows, why));
        }
        held(call, cost, maxRows);
    }

    /**
     * The call must decide with a conditional write (a lightweight transaction: the trace shows
     * Paxos steps) and write at most one partition of a table.
     */
    public static void assertConditionalWrite(String call, QueryCost cost) {
        requireMeasured(call, cost);
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
        requireComplete(call, cost);
        if (cost.partitionWrites() > 0) {
            fail(String.format("%s was refused but wrote %d partition(s) (%s). A refused request must leave the tables as they were.",
                    call, cost.partitionWrites(), cost.summary()));
        }
    }

    /** The call must read exactly this many partitions, each by its key (no token range scanned). */
    public static void assertPartitionsRead(String call, QueryCost cost, int expected, String why) {
        requireMeasured(call, cost);
        if (cost.rangeScans() > 0 || cost.partitionsRead() != expected) {
            fail(String.format("%s read %s partition(s) on %s, with %,d row(s) read; it should read exactly %d. %s",
                    call, cost.partitionsDescription(), cost.nodesRead(), cost.rowsRead(), expected, why));
        }
    }

    /** The call must write exactly this many partitions: one per table and partition key it changes. */
    public static void assertPartitionWrites(String call, QueryCost cost, long expected, String why) {
        requireMeasured(call, cost);
        if (cost.partitionWrites() != expected) {
            fail(String.format("%s wrote %,d partition(s) in %d request(s); it should write %,d. %s",
                    call, cost.partitionWrites(), cost.requests(), expected, why));
        }
    }

    /** The call's writes must go through the batch log, so they are applied all or nothing. */
    public static void assertLoggedBatch(String call, QueryCost cost) {
        requireMeasured(call, cost);
        if (cost.batchlogWrites() == 0) {
            fail(String.format("""
                    %s wrote %,d partition(s) in %d request(s) and none went through the batch log.
                      If the app stops halfway, some copies are written and others are not. Put the writes in
                      one BatchStatement of type LOGGED: the coordinator stores the batch first, so every
                      write in it is applied eventually, even if a node fails in between.""",
                    call, cost.partitionWrites(), cost.requests()));
        }
    }

    /** The call must have read data on every node of the cluster: a batch job over the whole ring. */
    public static void assertEveryNodeRead(String call, QueryCost cost, int clusterNodes) {
        requireMeasured(call, cost);
        if (cost.nodesAsked() < clusterNodes) {
            fail(String.format("%s read on %s only, %d of the cluster's %d nodes: the partitions the others hold were never read.",
                    call, cost.nodesRead(), cost.nodesAsked(), clusterNodes));
        }
    }

    private static void requireMeasured(String call, QueryCost cost) {
        if (cost.requests() == 0) {
            fail(call + " ran no statement through the session it was given, so its cost cannot be measured.");
        }
        requireComplete(call, cost);
    }

    /** A trace that never settled (read twice) is a lower bound, not a measurement: it must not decide a grade. */
    private static void requireComplete(String call, QueryCost cost) {
        if (!cost.complete()) {
            throw new MeasurementIncomplete(call, cost);
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

    /**
     * DynamoDB: the call must be one read request, a Query or a GetItem (no Scan), that reads at
     * most maxItems items: the items it returns, and no other.
     */
    public static void assertOneRead(String call, DynamoCost cost, long maxItems) {
        if (cost.requests() == 0) {
            fail(call + " made no DynamoDB request through the client it was given, so its cost cannot be measured.");
        }
        if (cost.requests() != 1 || cost.queries() + cost.requests("GetItem") != 1 || cost.itemsRead() > maxItems) {
            fail(String.format("""
                    %s made %s request(s) that read %,d item(s), %s read unit(s).
                      One Query of one item collection (or one GetItem) would read at most %,d item(s): keep what
                      one question returns together under one partition key, in the order it is asked for.""",
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
