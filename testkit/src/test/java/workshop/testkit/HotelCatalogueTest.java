package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.LargestPartition;
import workshop.kit.catalogue.PatternResult;
import workshop.kit.catalogue.Verdict;
import workshop.kit.diagram.Arrow;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.TextDiagram;

/**
 * A published design, Carpenter and Hewitt's hotel model ({@link HotelCatalogue}), checked whole
 * on skewed data: every verdict asserted, and each pattern that is wrong on purpose caught for its
 * own reason.
 */
@ExtendWith(CassandraExtension.class)
class HotelCatalogueTest {

    private static CatalogueReport report;

    @BeforeAll
    static void check(CqlSession session) {
        report = CatalogueCheck.on(session).run(new HotelCatalogue());
    }

    private static String reasons(String id) {
        return String.join(" ", report.resultsOf(id).stream().flatMap(r -> r.reasons().stream()).toList());
    }

    @Test
    void everyVerdictIsTheOneTheDesignEarns() {
        Map<String, Verdict> expected = Map.ofEntries(Map.entry("Q1", Verdict.GREEN), Map.entry("Q2", Verdict.GREEN),
                Map.entry("Q3", Verdict.GREEN), Map.entry("Q4", Verdict.GREEN), Map.entry("Q5", Verdict.GREEN),
                Map.entry("Q6", Verdict.GREEN), Map.entry("Q7", Verdict.GREEN), Map.entry("Q8", Verdict.GREEN),
                Map.entry("Q9", Verdict.GREEN), Map.entry("W1", Verdict.GREEN), Map.entry("X1", Verdict.FAILED),
                Map.entry("X2", Verdict.FAILED), Map.entry("X3", Verdict.FAILED), Map.entry("X4", Verdict.FAILED));
        assertEquals(expected.size(), report.results().size(), report.render());
        for (PatternResult result : report.results()) {
            assertEquals(expected.get(result.pattern().id()), result.verdict(), result.pattern().id() + ": " + report.render());
        }
    }

    @Test
    void theOneRowPerKeyTablesAreCountedPastTheFirstPage() {
        for (String table : List.of("reservations_by_confirmation", "guests")) {
            LargestPartition largest = report.largestOf(table).orElseThrow(() -> new AssertionError(report.render()));
            assertEquals(1, largest.rows(), report.render());
            assertEquals(HotelCatalogue.RESERVATIONS, largest.shape().partitionsRead(), report.render());
            assertFalse(largest.shape().clustered() || largest.shape().sampled(), report.render());
        }
    }

    @Test
    void aGroupThatOnlyGrowsIsNamedUnboundedAndAskedForItsBound() {
        assertTrue(reasons("X1").contains("reads guests_by_hotel, whose largest partition (h0) holds 1,734 rows with no time"
                + " column, no bucket in its key and no TTL"), report.render());
        assertTrue(reasons("X1").contains("Growth.atMost(rows, bytesARow)"), report.render());
        assertFalse(reasons("Q5").contains("unbounded"), "a room's 6 amenities are no growing group: " + report.render());
    }

    @Test
    void declaredGrowthPastTheRowsRuleFailsBeforeItRuns() {
        assertTrue(reasons("X2").contains("grow to 730,000 rows and 43.8 MB (60 bytes a row, no time bucket, rows kept 2 years,"
                + " as no retention is stated)"), report.render());
        assertTrue(reasons("X2").contains("A month bucket in the partition key keeps each under it (30,000 rows"), report.render());
        assertEquals(0, report.resultsOf("X2").get(0).observed().rowsRead(), "it ran, on a table with no rows yet");
    }

    @Test
    void aMeasuredRateIsProjectedOverTwoYearsByTheSameRule() {
        LargestPartition reviews = report.largestOf("reviews_by_hotel").orElseThrow();
        assertEquals(HotelCatalogue.REVIEWS_A_DAY * HotelCatalogue.REVIEW_DAYS, reviews.rows(), report.render());
        assertTrue(reasons("X3").contains("holds 3,000 rows now and gains 1,000 rows a day (by reviewed_at): projected over"
                + " the time its rows are kept, it reaches 730,000 rows"), report.render());
        assertTrue(reasons("X3").contains("a TTL of 100 days keeps it under"), report.render());
        // The big hotel's room inventory grows too, 100 rooms a day, but stays under 100,000 rows in two years.
        LargestPartition rooms = report.largestOf("available_rooms_by_hotel_date").orElseThrow();
        assertTrue(rooms.rowsPerDay().orElseThrow() * 730 < 100_000, report.render());
    }

    @Test
    void aScanFailsAndIsDrawnAsAScanItsPlanNotHeld() {
        assertTrue(reasons("X4").contains("but the store scanned"), report.render());
        Diagram diagram = Diagram.ofRun(report).orElseThrow();
        Arrow scan = diagram.unserved().stream().filter(a -> a.id().equals("X4")).findFirst().orElseThrow();
        // One token range on one node, 12 on three: the scan, whatever the cluster.
        assertTrue(scan.how().matches("scanned \\d+ token ranges?, declared range: not held.*"), scan.how());
        assertTrue(diagram.served().stream().noneMatch(a -> a.id().equals("X4")), TextDiagram.lines(diagram).toString());
        assertTrue(diagram.served().stream().anyMatch(a -> a.id().equals("Q2")), "Q2 reads hotels by its key");
    }

    @Test
    void theReportCarriesNoDriverLogLines() {
        String text = report.render();
        assertFalse(text.contains("com.datastax") || text.contains(" INFO ") || text.contains("WARN"), text);
    }
}
