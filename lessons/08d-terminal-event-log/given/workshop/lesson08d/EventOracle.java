package workshop.lesson08d;

import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.OracleSample;

/**
 * The right answer to every sample of the brief, computed from the sample data in
 * {@link TerminalEvents} alone, never from your tables. Serve each question on its samples with
 * {@code pattern().plan(...).servedOn(samples, yourCode)}: the checker fails a run that returns
 * anything else. Given: you do not need to change it.
 */
public final class EventOracle {

    /** Events on a page of the support screen, and on the dashboard. */
    public static final int PAGE = 20;

    // Built once: the test holds each pattern to these very answers.
    private static final List<OracleSample<String>> FIRST_PAGES = List.of(
            firstPage("a busy terminal", TerminalEvents.BUSY),
            firstPage("a terminal with 5 events today", TerminalEvents.EARLY),
            firstPage("a terminal closed yesterday", TerminalEvents.CLOSED_YESTERDAY),
            firstPage("a terminal silent for over a week", TerminalEvents.SILENT),
            firstPage("a terminal that does not exist", TerminalEvents.UNKNOWN));
    private static final List<OracleSample<String>> DASHBOARDS = List.of(
            dashboard("a grocer with a busy terminal", "m-grocer"),
            dashboard("a cafe of three terminals", "m-cafe"),
            dashboard("a kiosk silent for over a week", "m-kiosk"));

    private EventOracle() {}

    /** E1: the first page of a terminal's log, its events only (the cursor is your code's own). */
    public static List<OracleSample<String>> firstPages() {
        return FIRST_PAGES;
    }

    /** E2: a merchant's {@value #PAGE} newest events shown, newest first. */
    public static List<OracleSample<String>> dashboards() {
        return DASHBOARDS;
    }

    /** Every event of the terminal the screens show at the clock's now, newest first: its pages joined. */
    public static List<TerminalEvent> log(String terminalId) {
        return shown(e -> e.terminalId().equals(terminalId), Integer.MAX_VALUE);
    }

    /** The two events of the busy terminal logged in the same millisecond, the last of page 1 and the first of page 2. */
    public static List<TerminalEvent> tie() {
        return log(TerminalEvents.BUSY).subList(PAGE - 1, PAGE + 1);
    }

    /** The oldest instant an event may have and still be shown: the screens show only events after it. */
    public static Instant shownAfter() {
        return TerminalEvents.NOW.minus(TerminalEvents.SHOWN);
    }

    private static OracleSample<String> firstPage(String label, String terminalId) {
        return new OracleSample<>(label, terminalId, Answer.inOrder(shown(e -> e.terminalId().equals(terminalId), PAGE)));
    }

    private static OracleSample<String> dashboard(String label, String merchantId) {
        return new OracleSample<>(label, merchantId, Answer.inOrder(shown(e -> e.merchantId().equals(merchantId), PAGE)));
    }

    private static List<TerminalEvent> shown(Predicate<TerminalEvent> whose, int most) {
        return TerminalEvents.events().stream().filter(whose).filter(e -> e.at().isAfter(shownAfter()))
                .sorted(TerminalEvent.NEWEST_FIRST).limit(most).toList();
    }
}
