package workshop.kit.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TerminalWidthTest {

    @Test
    void aNarrowTerminalNarrowsTheLinesAndAWideOneDoesNotWidenThem() {
        assertEquals(80, TerminalWidth.within(80));
        assertEquals(100, TerminalWidth.within(240));
        assertEquals(60, TerminalWidth.within(20));
        assertEquals(100, TerminalWidth.within(0));
    }

    @Test
    void withoutAWidthFromTheWrapperLinesGetAHundredColumns() {
        // The build runs outside ./jbang, as a log or CI does: nobody reported a terminal's width.
        assertEquals(null, System.getenv("WORKSHOP_COLUMNS"));
        assertEquals(100, TerminalWidth.columns());
        assertEquals(100, Failures.COLUMNS);
    }
}
