package workshop.kit.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void alignsNumbersRightAndTextLeft() {
        String rendered = TextTable.of("design", "rows read").row("A", 120_000).row("B", 3).render();
        assertEquals("""
                  design  rows read
                  ------  ---------
                  A         120,000
                  B               3
                """, rendered);
    }

    @Test
    void alignsRatesAndMeasuresWithUnitsRightLikeOtherNumbers() {
        String rendered = TextTable.of("pattern", "rate", "p99").row("Q1", "20,000/s", "50 ms").row("Q4", "monthly", "1 h")
                .row("Q3", "10/s", "100 ms").render();
        assertEquals("""
                  pattern  rate      p99
                  -------  --------  ------
                  Q1       20,000/s   50 ms
                  Q4       monthly      1 h
                  Q3           10/s  100 ms
                """, rendered);
    }

    @Test
    void aMissingNumberLinesUpWithTheNumbersOfItsColumn() {
        String rendered = TextTable.of("pattern", "rows read", "verdict").row("Q1", 50, "green").row("P4", "-", "-").render();
        assertEquals("""
                  pattern  rows read  verdict
                  -------  ---------  -------
                  Q1              50  green
                  P4               -  -
                """, rendered);
    }
}
