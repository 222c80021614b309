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
}
