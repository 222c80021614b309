package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.catalogue.Verdict;
import workshop.kit.catalogue.dynamo.DynamoCatalogueCheck;
import workshop.kit.catalogue.dynamo.DynamoDiagrams;
import workshop.kit.catalogue.dynamo.DynamoPlanReview;
import workshop.kit.catalogue.dynamo.DynamoReport;
import workshop.kit.catalogue.dynamo.DynamoResult;
import workshop.kit.diagram.Arrow;
import workshop.kit.diagram.ItemCollections;
import workshop.kit.dynamo.Dynamo;

/**
 * A published DynamoDB design, the human-resources and order-entry example of the Amazon DynamoDB
 * Developer Guide's "Example of modeling relational data in DynamoDB" ({@link HrCatalogue}),
 * reviewed as planned and then checked whole on the emulator: every verdict asserted, and each
 * pattern that is wrong on purpose caught for its own reason, before any table exists where the
 * brief's numbers already decide it, and by measurement where only a run can tell.
 */
@ExtendWith(DynamoExtension.class)
class HrCatalogueTest {

    private static HrCatalogue catalogue;
    private static DynamoCatalogueCheck checker;
    private static DynamoReport plan;
    private static DynamoReport report;

    @BeforeAll
    static void check(TableNames tables) {
        catalogue = new HrCatalogue(tables.of("hr"));
        plan = DynamoPlanReview.of(catalogue);
        checker = DynamoCatalogueCheck.on(Dynamo.findOrStart());
        report = checker.run(catalogue);
    }

    @AfterAll
    static void close() {
        checker.close();
    }

    private static void verdicts(DynamoReport checked, Map<String, Verdict> expected) {
        assertEquals(expected.keySet(), Set.copyOf(checked.results().stream().map(r -> r.pattern().id()).toList()), checked.render());
        for (DynamoResult result : checked.results()) {
            assertEquals(expected.get(result.pattern().id()), result.verdict(), result.name() + ": " + checked.render());
        }
    }

    /** The review's verdicts: the published plans keep the rules, the first five wrong ones break them on paper. */
    private static final Map<String, Verdict> REVIEWED = Map.ofEntries(Map.entry("AP1", Verdict.PLANNED),
            Map.entry("AP2", Verdict.PLANNED), Map.entry("AP3", Verdict.PLANNED), Map.entry("AP4", Verdict.PLANNED),
            Map.entry("AP5", Verdict.EXPLAINED), Map.entry("AP6", Verdict.PLANNED), Map.entry("AP7", Verdict.PLANNED),
            Map.entry("AP12", Verdict.PLANNED), Map.entry("AP13", Verdict.EXPLAINED), Map.entry("W1", Verdict.PLANNED),
            Map.entry("B1", Verdict.EXPLAINED), Map.entry("X1", Verdict.FAILED), Map.entry("X2", Verdict.FAILED),
            Map.entry("X3", Verdict.FAILED), Map.entry("X4", Verdict.FAILED), Map.entry("X5", Verdict.FAILED),
            Map.entry("X6", Verdict.PLANNED), Map.entry("X7", Verdict.PLANNED), Map.entry("X8", Verdict.PLANNED));
    /** Only a run can tell these three: their plans keep the rules, their code does not keep their plans. */
    private static final Set<String> CAUGHT_BY_MEASURING = Set.of("X6", "X7", "X8");

    @Test
    void theReviewPassesThePublishedPlansAndFailsTheOnesTheBriefsNumbersDecide() {
        verdicts(plan, REVIEWED);
        assertFalse(plan.passed(), plan.render());
    }

    @Test
    void everyMeasuredVerdictIsTheOneTheDesignEarns() {
        Map<String, Verdict> measured = REVIEWED.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                e -> CAUGHT_BY_MEASURING.contains(e.getKey()) ? Verdict.FAILED : e.getValue() == Verdict.PLANNED ? Verdict.GREEN : e.getValue()));
        verdicts(report, measured);
        assertEquals(2, report.resultsOf("AP4").size(), "both customers run: " + report.render());
    }

    @Test
    void theShardedWalkIsMeasuredAsTheQueriesItPlans() {
        DynamoResult walk = report.resultsOf("AP5").get(0);
        assertEquals(HrCatalogue.SHARDS, walk.run().cost().queries(), report.render());
        assertEquals(HrCatalogue.SHARDS, walk.run().pages(), report.render());
        assertTrue(walk.run().cost().targets().stream().allMatch(t -> t.index().equals("GSI2")), report.render());
    }

    @Test
    void aBusyChainOfTwoCollectionsFailsBeforeItRuns() {
        assertTrue(plan.reasons("X1").contains("plans 2 requests in a row"), plan.render());
        assertEquals(null, report.resultsOf("X1").get(0).run(), "a failed plan is not run");
    }

    @Test
    void anItemPastFourHundredKilobytesFails() {
        assertTrue(plan.reasons("X2").contains("items of up to 600 KB by the brief's sizes, past DynamoDB's 400 KB"), plan.render());
    }

    @Test
    void aKeyWrittenPastWhatOnePartitionServesIsToldToShard() {
        assertTrue(plan.reasons("X3").contains("past the 1,000 a partition serves"), plan.render());
        assertTrue(plan.reasons("X3").contains("Shard the key: add a suffix 0 to 3"), plan.render());
    }

    @Test
    void indexCopiesOfALargeAttributeAreCountedAndFail() {
        assertTrue(plan.reasons("X4").contains("GSI1 4 (projects ALL)"), plan.render());
        assertTrue(plan.reasons("X4").contains("Copies of the keys alone would cost 1"), plan.render());
        // The published order write is copied to both indexes too, and counted, but its copies are small.
        assertTrue(plan.resultsOf("W1").get(0).notes().get(0).contains("GSI1 1 (projects ALL), GSI2 1 (projects INCLUDE)"),
                plan.render());
    }

    @Test
    void aScanAskedMoreOftenThanABatchJobFails() {
        assertTrue(plan.reasons("X5").contains("is asked 5/s and planned as a Scan"), plan.render());
        assertTrue(report.reasons("B1").contains("no more than a batch job"), report.render());
    }

    @Test
    void aCollectionPagedPastItsPlanFailsWithTheMeasuredCount() {
        String reasons = report.reasons("X6");
        assertTrue(reasons.contains("planned 1 Query, <= 20 item(s); measured 4 Query, 61 item(s) read"), report.render());
        assertEquals(4, report.resultsOf("X6").get(0).run().pages(), report.render());
    }

    @Test
    void aFilterThatDiscardsWhatItReadIsNamed() {
        assertTrue(report.reasons("X7").contains("its filter read 61 item(s) and returned 20"), report.render());
    }

    @Test
    void anIndexReadWhereTheStrongReadIsPlannedIsNamed() {
        assertTrue(report.reasons("X8").contains("queried the global secondary index GSI1, which is only ever eventually consistent"),
                report.render());
        assertTrue(report.reasons("AP1").isEmpty(), "AP1 reads with ConsistentRead=true: " + report.render());
    }

    @Test
    void theTableAsBuiltIsDrawnWithEachQuestionIntoWhatItsRequestsNamed() {
        List<ItemCollections> drawn = DynamoDiagrams.built(catalogue, report, checker.plain());
        assertEquals(1, drawn.size());
        ItemCollections table = drawn.get(0);
        assertEquals(List.of("GSI1", "GSI2"), table.views().stream().skip(1).map(ItemCollections.View::name).toList());
        Map<String, Arrow> arrows = table.arrows().stream().collect(Collectors.toMap(Arrow::id, a -> a));
        assertEquals(List.of("GSI1"), arrows.get("AP4").tables());
        assertEquals(List.of("GSI2"), arrows.get("AP5").tables());
        assertFalse(arrows.get("B1").served(), "a Scan is drawn as no key serving it");
        assertTrue(arrows.get("X1").tables().isEmpty(), "a plan that failed its review is not measured");
        List<ItemCollections> planned = DynamoDiagrams.planned(catalogue);
        assertEquals(table.views().size(), planned.get(0).views().size());
    }
}
