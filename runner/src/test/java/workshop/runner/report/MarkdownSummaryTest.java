package workshop.runner.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MarkdownSummaryTest {

    @Test
    void theSummaryShowsTheScoreEachPartTheWithheldReasonAndTheFirstFailure() {
        String md = MarkdownSummary.of(Cards.mixed());
        assertTrue(md.startsWith("### 10 of 14 points"), md);
        assertTrue(md.contains("| Lesson 06, task 2: bucketed paging | 0 / 2 | withheld |"), md);
        assertTrue(md.contains("**Lesson 06, task 2 withheld, not failed.** > Withheld, not failed: the trace was incomplete"), md);
        assertTrue(md.contains("**First failure to fix** (Lesson 06, task 1)"), md);
        assertTrue(md.contains("`./jbang check 06`"), md);
    }

    @Test
    void aFullScoreHasNoFailureToFix() {
        assertFalse(MarkdownSummary.of(Cards.allPassed()).contains("First failure"));
    }
}
