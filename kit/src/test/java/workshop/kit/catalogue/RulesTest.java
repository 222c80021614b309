package workshop.kit.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The rules on hand-made observations; CatalogueCheckTest in the testkit runs them on a real cluster. */
class RulesTest {

    private static final Rate BUSY = CatalogueCheck.BUSY;

    private static AccessPattern pattern(Rate rate, Plan plan) {
        return AccessPattern.of("P", "a question").rate(rate).p99(Duration.ofMillis(50)).plan(plan).servedBy("sample", () -> null);
    }

    /** What a run touched: partition reads, distinct partitions, ranges scanned, nodes, rows read and used, requests. */
    private static Observation seen(int reads, int distinct, int ranges, int nodes, long rowsRead, long rowsUsed, int requests) {
        return Seen.of(reads, distinct, ranges, nodes, rowsRead, rowsUsed, requests).observation();
    }

    private static PatternResult judge(AccessPattern pattern, Observation seen) {
        return Rules.judge(pattern, "sample", seen, BUSY);
    }

    private static void assertVerdict(Verdict expected, PatternResult result, String reasonContains) {
        assertEquals(expected, result.verdict(), result.reasons().toString());
        assertTrue(String.join(" ", result.reasons()).contains(reasonContains), result.reasons().toString());
    }

    @Test
    void aScanDeclaredAsAPointReadFails() {
        PatternResult result = judge(pattern(Rate.perSecond(10), Plan.point("messages")), seen(0, 0, 12, 3, 4_000, 4_000, 1));
        assertVerdict(Verdict.FAILED, result, "scanned 12 token ranges on 3 nodes");
        assertVerdict(Verdict.FAILED, result, "no key serves this pattern");
    }

    @Test
    void aBusyPatternWithNoKeyFailsBeforeAnythingRuns() {
        List<String> problems = Rules.declarationProblems(pattern(Rate.perSecond(5_000), Plan.batchJob("messages", "a nightly export")), BUSY);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("no key serves it"), problems.toString());
    }

    @Test
    void aPatternWithoutAPlanHasNoKeyThatServesIt() {
        AccessPattern noPlan = AccessPattern.of("P", "q").rate(Rate.perSecond(10)).p99(Duration.ofMillis(50)).servedBy("s", () -> null);
        assertTrue(Rules.declarationProblems(noPlan, BUSY).get(0).contains("no key serves it"));
    }

    @Test
    void aKeyReadWithoutCodeCannotBeChecked() {
        AccessPattern noCode = AccessPattern.of("P", "q").rate(Rate.perSecond(10)).p99(Duration.ofMillis(50)).plan(Plan.range("messages"));
        assertTrue(Rules.declarationProblems(noCode, BUSY).get(0).contains("no code that serves it"));
    }

    @Test
    void aBusyReadOfManyPartitionsInOneRequestIsAScatterGather() {
        PatternResult result = judge(pattern(Rate.perSecond(5_000), Plan.range("messages")), seen(5, 5, 0, 2, 5, 5, 1));
        assertVerdict(Verdict.FAILED, result, "scatter-gather");
        assertVerdict(Verdict.FAILED, result, "touched 5 partitions");
    }

    @Test
    void aRarePatternMayReadThePartitionsItDeclares() {
        Plan lookupThenRow = Plan.point("message_lookup").then(Plan.point("messages"));
        Observation twoPoints = Seen.of(2, 2, 0, 2, 2, 2, 2).tables("message_lookup", "messages").observation();
        assertVerdict(Verdict.GREEN, judge(pattern(Rate.perSecond(10), lookupThenRow), twoPoints), "");
    }

    @Test
    void aDeclaredWalkOnePartitionAtATimeIsExplained() {
        Plan walk = Plan.range("messages").walking(4, "a quiet chat steps back through its 10-day buckets");
        PatternResult result = judge(pattern(Rate.perSecond(20_000), walk), seen(3, 3, 0, 2, 50, 50, 3));
        assertVerdict(Verdict.EXPLAINED, result, "one after another, within the 4 its plan allows");
    }

    /** The newest page of lesson 08: the head row, then 50 rows of its bucket, in two requests. */
    private static final Observation HEAD_THEN_BUCKET = Seen.of(2, 2, 0, 1, 51, 51, 2).tables("channel_head", "messages")
            .observation();

    @Test
    void aBusyReadThatStartsWithTwoReadsSaysEveryRunPaysForThem() {
        Plan headThenBucket = Plan.point("channel_head").then(Plan.range("messages")
                .walking(2, "the head names the bucket; a bucket short of a page continues in the one before"));
        PatternResult result = judge(pattern(Rate.perSecond(40_000), headThenBucket), HEAD_THEN_BUCKET);
        assertVerdict(Verdict.EXPLAINED, result, "Every run reads at least 2 (channel_head then messages)");
    }

    @Test
    void twoReadsInARowAtABusyRateFailUnlessDeclared() {
        Plan headThenBucket = Plan.point("channel_head").then(Plan.range("messages"));
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(40_000), headThenBucket), HEAD_THEN_BUCKET), "one request after another");
    }

    @Test
    void aWalkFannedOutInOneRequestIsNotAWalk() {
        Plan walk = Plan.range("messages").walking(4, "buckets");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(20_000), walk), seen(3, 3, 0, 2, 50, 50, 1)), "scatter-gather");
    }

    @Test
    void anUndeclaredWalkFailsAndSaysHowToDeclareIt() {
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(20_000), Plan.range("messages")), seen(2, 2, 0, 1, 50, 50, 2)),
                "one request after another");
    }

    @Test
    void aWalkPastItsBoundFails() {
        Plan walk = Plan.range("messages").walking(2, "buckets");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(20_000), walk), seen(3, 3, 0, 2, 50, 50, 3)), "touched 3 partitions");
    }

    @Test
    void twoReadsOfTheSamePartitionAreOnePartition() {
        assertVerdict(Verdict.GREEN, judge(pattern(Rate.perSecond(2_000), Plan.range("messages")), seen(2, 1, 0, 1, 50, 50, 2)), "");
    }

    @Test
    void aPointReadThatReadsManyRowsFails() {
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.point("messages")), seen(1, 1, 0, 1, 40, 40, 1)),
                "bind every primary key column");
    }

    @Test
    void readingRowsTheCodeThrowsAwayFails() {
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.range("messages")), seen(1, 1, 0, 1, 400, 50, 1)),
                "read 400 rows but its code used 50");
    }

    @Test
    void readingATableThePlanDoesNotNameFails() {
        Observation other = Seen.of(1, 1, 0, 1, 5, 5, 1).tables("chat_lists").observation();
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.range("messages")), other), "[chat_lists]");
    }

    @Test
    void codeThatThrowsOrRunsNothingFails() {
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.range("messages")),
                Observation.failed(new IllegalStateException("no table"))), "threw IllegalStateException: no table");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.range("messages")), seen(0, 0, 0, 0, 0, 0, 0)),
                "ran no statement");
    }

    @Test
    void aRareBatchJobThatScansIsExplainedAndOneThatReadsByKeyIsNot() {
        AccessPattern export = pattern(Rate.perMonth(1), Plan.batchJob("messages", "a monthly export"));
        assertVerdict(Verdict.EXPLAINED, judge(export, seen(0, 0, 12, 3, 4_000, 4_000, 1)), "a monthly export. One run scanned 12");
        assertVerdict(Verdict.FAILED, judge(export, seen(1, 1, 0, 1, 20, 20, 1)), "a key serves it");
    }

    @Test
    void aRareSearchIsExplainedWithoutRunning() {
        AccessPattern search = AccessPattern.of("P4", "substring search").rate(Rate.perSecond(50)).p99(Duration.ofMillis(500))
                .plan(Plan.searchIndex("messages", "a search index fed from messages"));
        assertTrue(Rules.declarationProblems(search, BUSY).isEmpty());
        assertEquals(Verdict.EXPLAINED, Rules.unrun(search).verdict());
    }

    @Test
    void plansSayWhyWhenTheyBendTheRules() {
        assertThrows(IllegalArgumentException.class, () -> Plan.batchJob("messages", " "));
        assertThrows(IllegalArgumentException.class, () -> Plan.range("messages").walking(1, "no walk at all"));
        assertThrows(IllegalArgumentException.class, () -> Plan.batchJob("messages", "x").then(Plan.point("messages")));
        assertEquals("point message_lookup, then point messages", Plan.point("message_lookup").then(Plan.point("messages")).describe());
        assertEquals(2, Plan.point("message_lookup").then(Plan.point("messages")).partitions());
        assertEquals("range messages, walk <= 4", Plan.range("messages").walking(4, "buckets").describe());
    }

    @Test
    void eachStepOfAChainIsLabelledByItsOwnKindAndOnlyTheRangeReadWalks() {
        Plan headThenBucket = Plan.point("channel_head").then(Plan.range("messages"));
        assertEquals("point channel_head, then range messages", headThenBucket.describe());
        assertEquals("point, then range", headThenBucket.kinds());
        Plan walked = headThenBucket.walking(2, "a short bucket continues in the one before");
        assertEquals(walked, Plan.point("channel_head").then(Plan.range("messages").walking(2, "a short bucket continues in the one before")));
        assertEquals("point channel_head, then range messages, walk <= 2", walked.describe());
        assertEquals(3, walked.mostPartitions());
        assertEquals("a point read of 1 partition of channel_head, then a range read of 1 partition (walking to at most 2)"
                + " of messages", walked.inWords());
        IllegalArgumentException twoPoints = assertThrows(IllegalArgumentException.class,
                () -> Plan.point("message_lookup").then(Plan.point("messages")).walking(2, "why"));
        assertTrue(twoPoints.getMessage().contains("does not say which read walks"), twoPoints.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Plan.range("a").then(Plan.range("b")).walking(3, "why"));
        assertThrows(IllegalArgumentException.class, () -> walked.walking(3, "again"));
    }

    @Test
    void ratesReadAsPeopleSayThem() {
        assertEquals("20,000/s", Rate.perSecond(20_000).toString());
        assertEquals("monthly", Rate.perMonth(1).toString());
        assertEquals("1,000/day", Rate.perDay(1_000).toString());
        assertTrue(Rate.perSecond(500).atLeast(BUSY));
        assertTrue(!Rate.perMinute(600).atLeast(BUSY));
    }

    @Test
    void countsReadAsASentenceSaysThem() {
        PatternResult one = judge(pattern(Rate.perSecond(10), Plan.point("messages")), seen(0, 0, 1, 1, 4_000, 4_000, 1));
        assertVerdict(Verdict.FAILED, one, "scanned 1 token range on 1 node and read 4,000 rows");
        assertEquals("1 range, node1", one.observed().touched());
        assertEquals("3 ranges, 3 nodes", seen(0, 0, 3, 3, 10, 10, 1).touched());
        assertEquals("2 partitions written", Seen.of(0, 0, 0, 0, 0, 0, 1).wrote(2, 2, 2).observation().touched());
    }

    @Test
    void aFilteredScanWarnsThatRowsReadUnderStateIt() {
        AccessPattern nightly = pattern(Rate.perDay(1), Plan.batchJob("messages", "a nightly job"));
        PatternResult result = judge(nightly, Seen.of(0, 0, 12, 3, 62, 62, 12).statements(1).withFiltering().observation());
        assertEquals(Verdict.EXPLAINED, result.verdict());
        assertTrue(String.join(" ", result.notes()).contains("rows read may under-state this scan"), result.notes().toString());
    }

    @Test
    void aPagedScanThatReadsMoreThanItReturnsSaysWhy() {
        AccessPattern nightly = pattern(Rate.perDay(1), Plan.batchJob("messages", "a nightly job"));
        PatternResult result = judge(nightly, Seen.of(0, 0, 12, 3, 18_862, 15_000, 4).statements(1).observation());
        assertTrue(String.join(" ", result.notes()).contains("read 18,862 rows to return 15,000, over 4 pages"), result.notes().toString());
    }

    @Test
    void aLimitAlreadyThereIsNotTheAdvice() {
        Plan walk = Plan.range("messages").walking(3, "days");
        PatternResult limited = judge(pattern(Rate.perSecond(10), walk), Seen.of(3, 3, 0, 1, 24, 4, 3).withLimit().observation());
        assertVerdict(Verdict.FAILED, limited, "though every statement has a LIMIT");
        assertTrue(!String.join(" ", limited.reasons()).contains("put the limit in the statement"), limited.reasons().toString());
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), walk), seen(3, 3, 0, 1, 24, 4, 3)), "put the limit in the statement");
    }

    @Test
    void aWriteDeclaredAsAReadFails() {
        PatternResult counted = judge(pattern(Rate.perSecond(2_000), Plan.point("views")),
                Seen.of(1, 0, 0, 1, 0, 0, 1).wrote(1, 1, 1).counters(1).observation());
        assertVerdict(Verdict.FAILED, counted, "but it wrote (1 table write in the trace)");
    }

    @Test
    void writesAreJudgedByWhatTheTraceShows() {
        Observation onePartition = Seen.of(0, 0, 0, 0, 0, 0, 1).wrote(1, 1, 1).observation();
        assertVerdict(Verdict.GREEN, judge(pattern(Rate.perSecond(5_000), Plan.write("messages")), onePartition), "");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.write("messages")),
                Seen.of(0, 0, 0, 0, 0, 0, 2).wrote(2, 2, 2).observation()), "wrote 2 partitions");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.conditional("messages")), onePartition), "no Paxos step");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.counter("messages")), onePartition), "no counter update");
        Observation lwt = Seen.of(1, 0, 0, 1, 1, 0, 1).wrote(1, 1, 1).paxos(4).observation();
        assertVerdict(Verdict.EXPLAINED, judge(pattern(Rate.perSecond(10), Plan.conditional("messages")), lwt), "4 Paxos steps");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.write("messages")), lwt), "Plan.conditional(table)");
        Observation counter = Seen.of(1, 0, 0, 1, 0, 0, 1).wrote(1, 1, 1).counters(1).observation();
        assertVerdict(Verdict.GREEN, judge(pattern(Rate.perSecond(10), Plan.counter("messages")), counter), "");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(10), Plan.write("messages")), counter), "Plan.counter(table)");
    }

    @Test
    void aLoggedBatchWritesTheBatchLogWhenItSpansPartitionKeys() {
        Plan both = Plan.loggedBatch(2, "messages", "chat_lists");
        Observation logged = Seen.of(0, 0, 0, 0, 0, 0, 1).tables("messages", "chat_lists").wrote(2, 2, 2).batchlog(2).observation();
        assertVerdict(Verdict.GREEN, judge(pattern(Rate.perSecond(500), both), logged), "");
        Observation unlogged = Seen.of(0, 0, 0, 0, 0, 0, 1).tables("messages", "chat_lists").wrote(2, 2, 2).observation();
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(500), both), unlogged), "without a batch log");
        Observation oneKey = Seen.of(0, 0, 0, 0, 0, 0, 1).tables("messages", "chat_lists").wrote(2, 2, 1).observation();
        assertVerdict(Verdict.GREEN, judge(pattern(Rate.perSecond(500), both), oneKey), "");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(500), Plan.loggedBatch(1, "messages", "chat_lists")), logged),
                "wrote 2 partitions");
    }

    @Test
    void anExplanationStatesOnlyTheFiguresOfItsTableRow() {
        // A fan-out of 20 reads that returned 13 rows: 7 authors had no profile.
        Observation fanOut = Seen.of(20, 20, 0, 1, 13, 13, 20).inFlight(20).observation();
        PatternResult result = judge(pattern(Rate.perSecond(2_000), Plan.multiGet("messages", 20)), fanOut);
        assertVerdict(Verdict.EXPLAINED, result, "sent 20 reads side by side");
        String sentence = result.reasons().get(0);
        assertTrue(!sentence.contains("read 20 rows") && !sentence.contains("20 rows read"), sentence);
        String row = new CatalogueReport("t", List.of(result)).table().lines().filter(l -> l.contains("P sample")).findFirst().orElseThrow();
        Matcher figures = Pattern.compile("([\\d,]+) (partitions?|rows? read|returned)").matcher(sentence);
        int checked = 0;
        while (figures.find()) {
            String figure = figures.group(1);
            String cell = figures.group(2).startsWith("partition") ? fanOut.touched().split(",")[0].split(" ")[0]
                    : figures.group(2).startsWith("row") ? String.format("%,d", fanOut.rowsRead()) : String.format("%,d", fanOut.rowsReturned());
            assertEquals(cell, figure, sentence + " against " + row);
            assertTrue(row.matches(".*\\b" + figure + "\\b.*"), figure + " is not in the table's row: " + row);
            checked++;
        }
        assertEquals(3, checked, sentence);
    }

    @Test
    void aBoundedMultiGetInParallelIsExplainedAndSaysWhatItsP99Costs() {
        Plan authors = Plan.multiGet("messages", 20);
        Observation parallel = Seen.of(10, 10, 0, 1, 10, 10, 10).inFlight(10).observation();
        PatternResult busy = judge(pattern(Rate.perSecond(2_000), authors), parallel);
        assertVerdict(Verdict.EXPLAINED, busy, "sent 10 reads side by side (up to 10 at once), within the 20");
        assertVerdict(Verdict.EXPLAINED, busy, "at its p99.95");
        assertVerdict(Verdict.GREEN, judge(pattern(Rate.perSecond(10), authors), parallel), "");
        assertEquals("p99.9", Rules.slowestOf(10));
    }

    @Test
    void aMultiGetIsNotAWalkNorAScatterGather() {
        Plan authors = Plan.multiGet("messages", 20);
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(2_000), authors), seen(10, 10, 0, 1, 10, 10, 10)),
                "ran one after another");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(2_000), authors), seen(10, 10, 0, 1, 10, 10, 1)), "IN list");
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(2_000), Plan.multiGet("messages", 5)),
                Seen.of(10, 10, 0, 1, 10, 10, 10).inFlight(10).observation()), "sent 10 reads");
        Observation parallel = Seen.of(10, 10, 0, 1, 10, 10, 10).inFlight(10).observation();
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(2_000), Plan.range("messages").walking(10, "buckets")), parallel),
                "a fan-out, whose p99 is that of its slowest read, not a walk");
    }

    @Test
    void aBoundedMergeSideBySideIsExplainedAndOneOverItsBoundOrInARowFails() {
        Plan feed = Plan.range("follows").then(Plan.merge(4, "the feed and each large account followed", "feed", "posts"));
        Observation parallel = Seen.of(4, 4, 0, 1, 40, 40, 4).tables("follows", "feed", "posts").inFlight(3).observation();
        assertVerdict(Verdict.EXPLAINED, judge(pattern(Rate.perSecond(3_000), feed), parallel),
                "read 4 partitions, up to 3 at once, within the 5 its plan allows");
        Observation wide = Seen.of(9, 9, 0, 1, 90, 90, 9).tables("follows", "feed", "posts").inFlight(8).observation();
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(3_000), feed), wide), "touched 9 partitions");
        Observation inARow = Seen.of(4, 4, 0, 1, 40, 40, 4).tables("follows", "feed", "posts").observation();
        assertVerdict(Verdict.FAILED, judge(pattern(Rate.perSecond(3_000), feed), inARow), "ran one after another");
    }

    @Test
    void onlyALatencyAnOrderOfMagnitudeOverItsTargetMeasuredRepeatablyIsNoted() {
        AccessPattern fast = pattern(Rate.perSecond(10), Plan.range("messages"));
        Observation slowRun = Seen.of(1, 1, 0, 1, 5, 5, 1).latency(Duration.ofMillis(612)).observation();
        assertTrue(judge(fast, slowRun).notes().isEmpty(), "a run is judged without its latency");
        assertEquals(Optional.empty(), Rules.latencyNote(fast, slowRun, List.of(Duration.ofMillis(400))));
        assertEquals(Optional.empty(), Rules.latencyNote(fast, slowRun, List.of(Duration.ofMillis(612))),
                "one slow sample on a busy machine says nothing");
        assertEquals(Optional.empty(), Rules.latencyNote(fast, slowRun,
                List.of(Duration.ofMillis(612), Duration.ofMillis(700), Duration.ofMillis(30))), "a run that met it");
        String note = Rules.latencyNote(fast, slowRun, List.of(Duration.ofMillis(612), Duration.ofMillis(700), Duration.ofMillis(650)))
                .orElseThrow();
        assertTrue(note.startsWith("took at least 612.0 ms in each of 3 runs, 10 times its p99 target of 50 ms or more"), note);
        Observation scan = Seen.of(0, 0, 12, 1, 4_000, 4_000, 1).latency(Duration.ofMillis(900)).observation();
        assertTrue(Rules.latencyNote(fast, scan, List.of(Duration.ofMillis(900))).orElseThrow()
                .endsWith("a scan's time grows with the table."), "a scan's shape explains its miss");
    }

    private static AccessPattern growing(Growth growth) {
        return pattern(Rate.perSecond(20_000), Plan.range("messages")).growing(growth);
    }

    @Test
    void aPartitionThatGrowsPastTheRuleOfThumbFailsBeforeItRunsAndNamesTheBucketThatBoundsIt() {
        // Lesson 03's big group: 500,000 messages a month of about 100 bytes, kept for years.
        List<String> problems = Rules.declarationProblems(growing(Growth.perMonth(500_000, 100)), BUSY);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("grow to 12,166,667 rows and 1.2 GB (100 bytes a row, no time bucket, rows kept"
                + " 2 years, as no retention is stated)"), problems.get(0));
        assertTrue(problems.get(0).contains("A day bucket in the partition key keeps each under it (16,667 rows, 1.7 MB)"),
                problems.get(0));
    }

    @Test
    void declaredGrowthFailsOnRowsAsWellAsOnBytes() {
        // 1,000 ratings a day of 60 bytes for two years: 730,000 rows but 43.8 MB, past the rows rule only.
        String problem = Rules.declarationProblems(growing(Growth.perDay(1_000, 60)), BUSY).get(0);
        assertTrue(problem.contains("grow to 730,000 rows and 43.8 MB"), problem);
        assertTrue(problem.contains("a TTL of 100 days keeps it under"), problem);
        AccessPattern bucketed = growing(Growth.perMonth(500_000, 100).bucketedBy(Duration.ofDays(10)));
        assertTrue(Rules.declarationProblems(bucketed, BUSY).get(0).contains("166,667 rows and 16.7 MB (100 bytes a row, a 10-day bucket)"));
    }

    @Test
    void aBucketedPartitionWithinBothRulesPassesAndItsSizeIsShownBesideItsPlan() {
        AccessPattern bucketed = growing(Growth.perMonth(500_000, 100).bucketedBy(Duration.ofDays(5)));
        assertEquals(List.of(), Rules.declarationProblems(bucketed, BUSY));
        assertEquals("a partition reaches 8.3 MB, 83,333 rows (a 5-day bucket)", Rules.growthSummary(bucketed).orElseThrow());
        assertTrue(new CatalogueReport("t", List.of(judge(bucketed, seen(1, 1, 0, 1, 50, 50, 1)))).render()
                .contains("a partition reaches 8.3 MB"));
    }

    @Test
    void theDaysAPartitionHoldsWithinTheRuleAreCountedByWhicheverLimitComesFirst() {
        // The big group reaches 100,000 rows in 6 days and 100 MB in 60; the same bucket passes, a day more fails.
        Growth group = Growth.perMonth(500_000, 100);
        assertEquals(6, group.daysWithinTheRule());
        assertEquals(List.of(), Rules.declarationProblems(growing(group.bucketedBy(Duration.ofDays(6))), BUSY));
        assertEquals(1, Rules.declarationProblems(growing(group.bucketedBy(Duration.ofDays(7))), BUSY).size());
        // 1,000 rows a day of 10 KB: 100 MB in 10 days, long before 100,000 rows.
        assertEquals(10, Growth.perDay(1_000, 10_000).daysWithinTheRule());
    }

    @Test
    void aRetentionShorterThanItsGrowthBoundsAPartitionWithoutABucket() {
        AccessPattern kept = growing(Growth.perDay(8_640, 60).keptFor(Duration.ofDays(7)));
        assertEquals(List.of(), Rules.declarationProblems(kept, BUSY));
        assertEquals("a partition reaches 3.6 MB, 60,480 rows (no time bucket, rows kept 7 days)",
                Rules.growthSummary(kept).orElseThrow());
    }

    @Test
    void aDeclaredBoundIsHeldToTheSameRule() {
        assertEquals("a partition reaches 4 KB, 40 rows (a declared bound)",
                Rules.growthSummary(growing(Growth.atMost(40, 120))).orElseThrow());
        String problem = Rules.declarationProblems(growing(Growth.atMost(250_000, 100)), BUSY).get(0);
        assertTrue(problem.contains("250,000 rows and 25 MB (100 bytes a row, a declared bound)"), problem);
        assertTrue(problem.contains("a shard number"), problem);
    }

    @Test
    void whenEvenAnHoursBucketIsTooBigTheAdviceIsToSplitTheKey() {
        List<String> problems = Rules.declarationProblems(growing(Growth.perDay(100_000_000, 100).bucketedBy(Duration.ofDays(1))), BUSY);
        assertTrue(problems.get(0).contains("grow to 100,000,000 rows and 10 GB (100 bytes a row, a day bucket)"), problems.get(0));
        assertTrue(problems.get(0).contains("split the partition key further"), problems.get(0));
    }

    private static LargestPartition measured(long rows, long bytes, String time, OptionalDouble rate) {
        return new LargestPartition("readings", "s1", rows, bytes, time, rate, LargestPartition.Shape.clusteredUnbounded(20));
    }

    @Test
    void aMeasuredPartitionPastTheRuleFailsWithTheBucketItsOwnRateNeeds() {
        // A sensor at one reading a second, kept whole: 150,000 rows of 60 bytes in the sample already.
        String problem = Rules.measuredProblem(measured(150_000, 9_000_000, "time", OptionalDouble.of(86_400))).orElseThrow();
        assertTrue(problem.contains("already holds 150,000 rows and 9 MB of values: past the rule of thumb of 100,000 rows"), problem);
        assertTrue(problem.contains("A day bucket in the partition key keeps each under it (86,400 rows, 5.2 MB)"), problem);
        assertTrue(problem.contains("at the 86,400 rows a day the data shows (by time)"), problem);
        LargestPartition timeless = new LargestPartition("blobs", "b", 10, 200_000_000, null, OptionalDouble.empty(),
                LargestPartition.Shape.clusteredUnbounded(3));
        assertTrue(Rules.measuredProblem(timeless).orElseThrow().contains("no time to bucket by"));
        LargestPartition small = measured(144, 8_640, "time", OptionalDouble.of(120));
        assertEquals(Optional.empty(), Rules.measuredProblem(small), "120 a day for two years is 87,600 rows of 60 bytes");
        assertEquals("readings (s1): 144 rows, 8 KB of values, 120 rows a day (by time), rows kept 2 years, as no retention"
                + " is stated", small.summary());
        assertTrue(Rules.measuredProblem(measured(144, 8_640, "time", OptionalDouble.of(145))).orElseThrow()
                .contains("it reaches 105,850 rows"), "145 a day is past 100,000 rows within two years");
    }

    @Test
    void aMeasuredRateIsProjectedOverTheTablesRetentionByTheDeclaredRule() {
        // 44,342 ratings of one item, arriving 985 a day, kept: about 720,000 rows in two years.
        LargestPartition ratings = new LargestPartition("ratings_by_item", "i1", 44_342, 2_660_520, "rated_at",
                OptionalDouble.of(985), LargestPartition.Shape.clusteredUnbounded(2_600));
        String problem = Rules.measuredProblem(ratings).orElseThrow();
        assertTrue(problem.contains("holds 44,342 rows now and gains 985 rows a day (by rated_at)"), problem);
        assertTrue(problem.contains("it reaches 719,050 rows and 43.1 MB (60 bytes a row, no time bucket, rows kept 2 years,"
                + " as no retention is stated)"), problem);
        LargestPartition expiring = new LargestPartition("ratings_by_item", "i1", 44_342, 2_660_520, "rated_at",
                OptionalDouble.of(985), new LargestPartition.Shape(true, null, Duration.ofDays(60), false, 2_600, false));
        assertEquals(Optional.empty(), Rules.measuredProblem(expiring), "a 60-day TTL keeps it at 59,100 rows");
        LargestPartition bucketed = new LargestPartition("ratings_by_item", "i1, 2024-03", 20_000, 1_200_000, "rated_at",
                OptionalDouble.of(985), new LargestPartition.Shape(true, "month", Duration.ZERO, false, 2_600, false));
        assertEquals(Optional.empty(), Rules.measuredProblem(bucketed), "a bucket in the key bounds it");
    }

    @Test
    void aTtlTheRowsWereWrittenWithBoundsAPartitionAndIsNamedAsTheirs() {
        // A home feed gaining 176 rows a day: 128,480 rows in two years, 528 when each row lives 3 days.
        LargestPartition kept = new LargestPartition("home_feed", "u1", 500, 30_000, "at", OptionalDouble.of(176),
                LargestPartition.Shape.clusteredUnbounded(40));
        assertTrue(Rules.measuredProblem(kept).orElseThrow().contains("it reaches 128,480 rows"));
        LargestPartition written = new LargestPartition("home_feed", "u1", 500, 30_000, "at", OptionalDouble.of(176),
                new LargestPartition.Shape(true, null, Duration.ofDays(3), true, 40, false));
        assertEquals(Optional.empty(), Rules.measuredProblem(written));
        assertTrue(written.summary().endsWith("176 rows a day (by at), rows written with a TTL of 3 days"), written.summary());
        LargestPartition byDefault = new LargestPartition("home_feed", "u1", 500, 30_000, "at", OptionalDouble.of(176),
                new LargestPartition.Shape(true, null, Duration.ofDays(3), false, 40, false));
        assertTrue(byDefault.summary().endsWith("rows kept 3 days by the table's default TTL"), byDefault.summary());
    }

    @Test
    void aTtlLeftIsRoundedUpToWhatTheRowsWereGiven() {
        assertEquals(Duration.ofDays(3), LargestPartition.roundedUp(Duration.ofDays(3).minusSeconds(40)));
        assertEquals(Duration.ofDays(3), LargestPartition.roundedUp(Duration.ofHours(50)));
        assertEquals(Duration.ofHours(12), LargestPartition.roundedUp(Duration.ofHours(12).minusMinutes(5)));
        assertEquals(Duration.ofDays(1), LargestPartition.roundedUp(Duration.ofHours(24)));
    }

    @Test
    void aGroupWithNoTimeNoBucketAndNoTtlIsUnboundedPastAThousandRows() {
        LargestPartition tag = new LargestPartition("videos_by_tag", "cassandra", 1_517, 90_000, null, OptionalDouble.empty(),
                LargestPartition.Shape.clusteredUnbounded(300));
        String problem = Rules.measuredProblem(tag).orElseThrow();
        assertTrue(problem.contains("(cassandra) holds 1,517 rows with no time column, no bucket in its key and no TTL"), problem);
        assertTrue(problem.contains("Growth.atMost(rows, bytesARow)"), problem);
        LargestPartition small = new LargestPartition("amenities", "room 1", 12, 900, null, OptionalDouble.empty(),
                LargestPartition.Shape.clusteredUnbounded(300));
        assertEquals(Optional.empty(), Rules.measuredProblem(small));
        LargestPartition oneRow = new LargestPartition("guests", "g1", 1, 90, null, OptionalDouble.empty(),
                new LargestPartition.Shape(false, null, Duration.ZERO, false, 6_000, false));
        assertEquals(Optional.empty(), Rules.measuredProblem(oneRow));
    }

    @Test
    void aBatchJobsGrowthIsNotJudgedAsAKeyRead() {
        AccessPattern export = AccessPattern.of("P", "q").rate(Rate.perMonth(1)).p99(Duration.ofHours(1))
                .plan(Plan.batchJob("messages", "a monthly export")).servedBy("s", () -> null)
                .growing(Growth.perMonth(500_000, 100));
        assertEquals(List.of(), Rules.declarationProblems(export, BUSY));
    }
}
