package workshop.kit.catalogue;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import workshop.kit.terminal.Failures;

class CatalogueReportTest {

    private static final AccessPattern LONG_PLAN = AccessPattern.of("Q3b", "a message from an old link")
            .rate(Rate.perSecond(1)).p99(Duration.ofMillis(50))
            .plan(Plan.point("message_lookup_by_message_id").then(Plan.point("messages_by_conversation_and_bucket")))
            .servedBy("a link that carries the message id only, nothing else", () -> null);

    private static PatternResult run(long rowsRead, long rowsReturned) {
        Observation seen = Seen.of(2, 2, 0, 1, rowsRead, rowsReturned, 2).tables("message_lookup").observation();
        return new PatternResult(LONG_PLAN, "a link that carries the message id only, nothing else", Verdict.GREEN,
                List.of(), seen);
    }

    @Test
    void showsTheResultSizeBesideTheRowsRead() {
        String rendered = new CatalogueReport("links", List.of(run(12_345, 2))).render();
        assertTrue(rendered.contains("result rows"), rendered);
        assertTrue(rendered.lines().anyMatch(l -> l.contains("12,345") && l.contains(" 2 ")), rendered);
    }

    @Test
    void aLongTitleAndWideCellsStillFitTheTerminal() {
        Observation scattered = Seen.of(250, 250, 0, 3, 123_456_789, 1_234_567, 250).observation();
        PatternResult wide = new PatternResult(LONG_PLAN.rate(Rate.perMinute(12_345)), "every sensor of the largest fleet",
                Verdict.EXPLAINED, List.of(), scattered);
        String rendered = new CatalogueReport("test of the latest reading of every sensor of a fleet, newest first, from"
                + " the one partition that holds them", List.of(wide, run(1, 1))).render();
        assertTrue(rendered.lines().allMatch(l -> l.length() <= Failures.COLUMNS), rendered);
        assertTrue(rendered.lines().anyMatch(l -> l.contains("Q3b every s") && l.contains("...")), rendered);
    }

    @Test
    void everyLineFitsTheTerminal() {
        String rendered = new CatalogueReport("links", List.of(run(1_234_567, 50))).render();
        assertTrue(rendered.lines().allMatch(l -> l.length() <= Failures.COLUMNS), rendered);
        assertTrue(rendered.contains("Q3b declares: point message_lookup_by_message_id"), rendered);
    }

    @Test
    void showsEachRunsLatencyBesideItsTargetAndSaysWhereItWasMeasured() {
        String rendered = new CatalogueReport("links", List.of(run(2, 2))).render();
        assertTrue(rendered.replaceAll("\\s+", " ").contains("Q3b declares: point message_lookup_by_message_id, then point"
                + " messages_by_conversation_and_bucket (p99 50 ms)"), rendered);
        assertTrue(rendered.lines().anyMatch(l -> l.startsWith("  Q3b") && l.contains(" 3.0 ")), rendered);
        assertTrue(rendered.contains("is not production: only 10 times the p99 is noted"), rendered);
    }
}
