package workshop.kit.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RecapTest {

    @Test
    void printsTheMeasuredLinesThenTheNextStep() {
        String rendered = Recap.measured().line("A read %,d rows on %d nodes", 12, 3).line("B read 3 rows on 1")
                .line("at 120,000 messages A read %,d rows, B 3", 183_967).render("./jbang check 01");
        assertEquals("""

                -- What you measured
                - A read 12 rows on 3 nodes
                - B read 3 rows on 1
                - at 120,000 messages A read 183,967 rows, B 3

                Next: ./jbang check 01
                """, rendered);
    }

    @Test
    void wrapsLongLinesWithinTheTerminalWidth() {
        String rendered = Recap.measured().line("word ".repeat(60)).line("b").line("c").render("next");
        assertTrue(rendered.lines().allMatch(l -> l.length() <= Failures.COLUMNS), rendered);
        assertTrue(rendered.contains("\n  word"), "a wrapped line is indented under its dash");
    }

    @Test
    void refusesARecapTooShortOrTooLongToBeOne() {
        assertThrows(IllegalStateException.class, () -> Recap.measured().line("a").line("b").render("next"));
        Recap seven = Recap.measured();
        for (int i = 0; i < 7; i++) {
            seven.line("line " + i);
        }
        assertThrows(IllegalStateException.class, () -> seven.render("next"));
    }
}
