package workshop.kit.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import workshop.kit.terminal.Failures;

/** The access-pattern table reviewed before any table or serving code exists. */
class PlanReviewTest {

    private static final Rate BUSY = CatalogueCheck.BUSY;

    /** A pattern as a worksheet declares it: question, rate, target and plan, no code yet. */
    private static AccessPattern planned(Rate rate, Plan plan) {
        return planned("P", rate, plan);
    }

    private static AccessPattern planned(String id, Rate rate, Plan plan) {
        return AccessPattern.of(id, "a question").rate(rate).p99(Duration.ofMillis(50)).plan(plan);
    }

    private static void assertReview(Verdict expected, AccessPattern pattern, String reasonContains) {
        PatternResult result = PlanReview.review(pattern, BUSY);
        assertEquals(expected, result.verdict(), result.reasons().toString());
        assertTrue(String.join(" ", result.reasons()).contains(reasonContains), result.reasons().toString());
    }

    @Test
    void aKeyReadOfOnePartitionIsPlannedWithoutAnyCodeToRun() {
        assertReview(Verdict.PLANNED, planned(Rate.perSecond(20_000), Plan.range("messages")), "");
        assertReview(Verdict.PLANNED, planned(Rate.perSecond(10), Plan.point("lookup").then(Plan.point("messages"))), "");
    }

    @Test
    void aBusyQuestionPlannedAsReadsInARowFailsUnlessItIsABoundedWalk() {
        Plan headThenBucket = Plan.point("channel_head").then(Plan.range("messages"));
        assertReview(Verdict.FAILED, planned(Rate.perSecond(40_000), headThenBucket), "plans 2 key reads in a row (channel_head then messages)");
        assertReview(Verdict.PLANNED, planned(Rate.perSecond(40_000), headThenBucket.walking(2, "a short bucket continues in the one before")), "");
    }

    @Test
    void aBusyQuestionNoKeyServesFailsAndARareOneIsExplained() {
        Plan export = Plan.batchJob("messages", "a monthly export scans every partition");
        assertReview(Verdict.FAILED, planned(Rate.perSecond(1_000), export), "no key serves it");
        assertReview(Verdict.EXPLAINED, planned(Rate.perSecond(1), export), "stays off the store's request path");
    }

    @Test
    void aBusyMultiGetIsExplainedByThePercentileEachReadMustMeet() {
        assertReview(Verdict.EXPLAINED, planned(Rate.perSecond(2_000), Plan.multiGet("users", 20)), "waits for the slowest");
    }

    @Test
    void aPartitionThatGrowsPastTheRuleFailsTheReviewAndNamesItsBucket() {
        AccessPattern unbounded = planned(Rate.perSecond(20_000), Plan.range("messages")).growing(Growth.perMonth(500_000, 100));
        assertReview(Verdict.FAILED, unbounded, "A day bucket in the partition key keeps each under it");
        assertReview(Verdict.PLANNED, unbounded.growing(Growth.perMonth(500_000, 100).bucketedBy(Duration.ofDays(5))), "");
    }

    @Test
    void aQuestionWithNoPlanOrRateFails() {
        assertReview(Verdict.FAILED, AccessPattern.of("P", "a question").rate(Rate.perSecond(5)).p99(Duration.ofMillis(50)), "declares no plan");
        assertReview(Verdict.FAILED, AccessPattern.of("P", "a question").p99(Duration.ofMillis(50)).plan(Plan.point("t")), "declares no rate");
    }

    @Test
    void theReviewPrintsNoMeasuredColumnsAndFitsTheTerminal() {
        CatalogueReport report = PlanReview.of("worksheet", List.of(
                planned("Q1", Rate.perSecond(20_000), Plan.range("messages")).growing(Growth.perMonth(500_000, 100)),
                planned("Q2", Rate.perSecond(5_000), Plan.range("chat_lists"))));
        String text = report.render();
        assertTrue(text.startsWith("Plan review of \"worksheet\", before any code runs: 2 pattern(s): 1 planned, 0 explained, 1 failed"), text);
        assertFalse(text.contains("rows read"), text);
        assertTrue(text.contains("1 plan(s) FAILED the review"), text);
        assertFalse(report.passed());
        text.lines().forEach(line -> assertTrue(line.length() <= Failures.COLUMNS, line));
    }
}
