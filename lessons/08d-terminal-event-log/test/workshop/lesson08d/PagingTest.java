package workshop.lesson08d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.Measured;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

/**
 * E1 page after page: where a page breaks, where a day ends, and how far back a read may look. The
 * partitions a read may touch come from the bucket width E1's declared walk implies (the 7 days
 * shown over its partitions less one; EventTablesTest holds that walk to the buckets measured).
 */
@ExtendWith(CassandraExtension.class)
class PagingTest {

    static final String WALK = "A page reads the buckets between where it starts and its oldest event, at the width its"
            + " declared walk implies, and no more; each read asks only for the events still missing.";

    private static EventLog log;
    private static TracingSession session;
    /** The bucket width E1's declared walk implies: the 7 days shown over its partitions less one. */
    private static Duration width;

    /** Loads once per class; while setUp fails, every test fails with its error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (log != null) {
            return;
        }
        EventLog fresh = new EventLog();
        fresh.setUp(traced);
        session = traced;
        width = fresh.patterns().stream().filter(p -> p.id().equals("E1")).findFirst()
                .map(p -> PagingBounds.widthOfAWalk(p.plan().mostPartitions())).orElseThrow(
                        () -> new AssertionError("the catalogue declares no E1: EventQuestions.E1.pattern().plan(...)"));
        log = fresh;
    }

    @Test
    @DisplayName("the busy terminal's log page by page: every event shown once, in order, each page from the days it shows")
    void everyPageOfABusyTerminal() {
        List<TerminalEvent> expected = EventOracle.log(TerminalEvents.BUSY);
        List<TerminalEvent> shown = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            Optional<String> from = cursor;
            Measured<EventPage> measured = session.measure(() -> log.page(TerminalEvents.BUSY, from));
            List<TerminalEvent> events = measured.value().events();
            assertNoRepeatOrSkip(expected, shown, events);
            Instant start = shown.isEmpty() ? TerminalEvents.NOW : last(shown).at();
            CostExpectations.assertReadAtMost("page " + (pageNumber(shown) + 1) + " of " + TerminalEvents.BUSY,
                    measured.cost(), bucketsFrom(start, events), EventOracle.PAGE, WALK);
            shown.addAll(events);
            cursor = measured.value().next();
            if (events.size() < EventOracle.PAGE && cursor.isPresent()) {
                fail("a page of " + events.size() + " events handed out a cursor: a page of fewer than "
                        + EventOracle.PAGE + " is the last one, so its next must be empty.");
            }
        } while (cursor.isPresent() && shown.size() <= expected.size());
        assertEquals(expected.size(), shown.size(), "walking every page of " + TerminalEvents.BUSY
                + " shows every event of the last 7 days once; older ones are not shown");
    }

    @Test
    @DisplayName("two events of the same millisecond at a page break: the last of page 1 and the first of page 2")
    void aTieAtThePageBreak() {
        List<TerminalEvent> tie = EventOracle.tie();
        EventPage first = log.page(TerminalEvents.BUSY, Optional.empty());
        assertEquals(tie.get(0), last(first.events()), "page 1 ends with the greater id of the two events logged at "
                + tie.get(0).at() + " (the newest first, then the greater id first)");
        EventPage second = log.page(TerminalEvents.BUSY, first.next());
        TerminalEvent opening = second.events().isEmpty() ? null : second.events().get(0);
        if (!tie.get(1).equals(opening)) {
            fail(String.format("""
                    Page 2 of %s starts with %s; it must start with %s, logged in the same millisecond as the
                      last event of page 1. A cursor of the time alone skips it (at < t) or shows page 1's last
                      again (at <= t): keep the whole place in the order, time and id, and read after it.""",
                    TerminalEvents.BUSY, opening, tie.get(1)));
        }
    }

    @Test
    @DisplayName("a terminal with 5 events today: its first page goes on into yesterday, reading only the buckets it spans")
    void aPageAcrossADayBoundary() {
        Measured<EventPage> measured = session.measure(() -> log.page(TerminalEvents.EARLY, Optional.empty()));
        assertEquals(EventOracle.log(TerminalEvents.EARLY).subList(0, EventOracle.PAGE), measured.value().events(),
                "the newest page: today's 5 events, then yesterday's newest 15");
        CostExpectations.assertReadAtMost("the first page of " + TerminalEvents.EARLY, measured.cost(),
                bucketsFrom(TerminalEvents.NOW, measured.value().events()), EventOracle.PAGE, WALK);
    }

    @Test
    @DisplayName("a terminal silent for over a week, and one that does not exist: an empty page, no more than 7 days read")
    void noReadLooksBackFurtherThanTheDaysShown() {
        for (String terminal : List.of(TerminalEvents.SILENT, TerminalEvents.UNKNOWN)) {
            Measured<EventPage> measured = session.measure(() -> log.page(terminal, Optional.empty()));
            assertNoneOlderThanShown("The newest page of " + terminal, measured.value().events());
            assertEquals(new EventPage(List.of(), Optional.empty()), measured.value(),
                    terminal + " logged nothing in the last 7 days: an empty page, and no cursor");
            CostExpectations.assertReadAtMost("the first page of " + terminal, measured.cost(),
                    (int) PagingBounds.bucketsTouched(TerminalEvents.SHOWN, width), 0, String.format("The screens show %d days:"
                            + " at buckets %s wide (the walk E1 declares), they touch at most that many partitions; a walk"
                            + " back stops at the one holding the oldest moment shown.", TerminalEvents.SHOWN.toDays(),
                            BucketProbe.describe(width)));
        }
    }

    /**
     * The partitions a page may read: the buckets of E1's declared width between where it starts
     * (now, or the last event of the page before) and its oldest event, or the oldest moment shown
     * when the page is not full and so had to walk to the end.
     */
    private static int bucketsFrom(Instant start, List<TerminalEvent> page) {
        Instant end = page.size() < EventOracle.PAGE ? EventOracle.shownAfter() : last(page).at();
        return (int) PagingBounds.bucketsTouched(Duration.between(end, start), width);
    }

    /** The page must be the next slice of the expected log; says which event came twice or was missed. */
    private static void assertNoRepeatOrSkip(List<TerminalEvent> expected, List<TerminalEvent> shown, List<TerminalEvent> page) {
        int from = shown.size();
        List<TerminalEvent> want = expected.subList(Math.min(from, expected.size()), Math.min(from + EventOracle.PAGE, expected.size()));
        if (page.equals(want)) {
            return;
        }
        assertNoneOlderThanShown("Page " + (pageNumber(shown) + 1) + " of " + TerminalEvents.BUSY, page);
        TerminalEvent lastShown = last(shown);
        if (!want.isEmpty() && lastShown != null && want.get(0).at().equals(lastShown.at()) && !page.contains(want.get(0))) {
            fail(String.format("""
                    Page %d of %s leaves out %s, logged in the same millisecond as the last event of the page before.
                      A cursor of the time alone skips it (at < t) or shows that last event again (at <= t): keep
                      the whole place in the order, time and id, and read after it.""",
                    pageNumber(shown) + 1, TerminalEvents.BUSY, want.get(0)));
        }
        Set<TerminalEvent> seen = new HashSet<>(shown);
        Optional<TerminalEvent> repeated = page.stream().filter(seen::contains).findFirst();
        int first = 0;
        while (first < page.size() && first < want.size() && page.get(first).equals(want.get(first))) {
            first++;
        }
        int same = first;
        String what = repeated.map(e -> "shows again " + e + ", already on an earlier page").orElseGet(() ->
                same < page.size() && same < want.size() ? "shows " + page.get(same) + " as its event " + (same + 1)
                        + " where the screens show " + want.get(same)
                : same < want.size() ? (page.isEmpty() ? "is empty" : "ends after " + page.size() + " events")
                        + " where the next event is " + want.get(same)
                : "shows " + (page.size() - same) + " events after the last one there is");
        fail(String.format("Page %d of %s %s: every page starts right after the last event of the one before, in the"
                + " order newest first, then the greater id first.", pageNumber(shown) + 1, TerminalEvents.BUSY, what));
    }

    /** The screens show the last 7 days: an older event means the walk went too far, or its last read was not bounded. */
    private static void assertNoneOlderThanShown(String what, List<TerminalEvent> page) {
        Optional<TerminalEvent> tooOld = page.stream().filter(e -> !e.at().isAfter(EventOracle.shownAfter())).findFirst();
        if (tooOld.isPresent()) {
            fail(String.format("%s shows an event of %s, older than the %d days the screens show: stop the walk at the"
                    + " bucket holding %s, and ask that bucket only for events after it.", what, tooOld.get().at(),
                    TerminalEvents.SHOWN.toDays(), EventOracle.shownAfter()));
        }
    }

    private static int pageNumber(List<TerminalEvent> shown) {
        return shown.size() / EventOracle.PAGE;
    }

    private static TerminalEvent last(List<TerminalEvent> events) {
        return events.isEmpty() ? null : events.get(events.size() - 1);
    }
}
