package workshop.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import workshop.kit.cassandra.Room;
import workshop.kit.terminal.Failures;

/** The grid from recorded checks alone: who passed, who has been failing how long, who is stuck, what fails most. */
class RoomGridTest {

    private static final Room ROOM = new Room("monday");
    private static final Instant NOW = Instant.parse("2026-12-01T14:30:00Z");
    private static final Duration STUCK = Duration.ofMinutes(10);
    private static final String LONG = "x".repeat(400);

    private final List<RecordedCheck> checks = new ArrayList<>();

    private void passed(String learner, String lesson, int minutesAgo) {
        checks.add(new RecordedCheck(learner, NOW.minus(Duration.ofMinutes(minutesAgo)), CheckResult.passed(lesson, Optional.empty(), 3)));
    }

    private void failed(String learner, String lesson, int minutesAgo, String test, String message) {
        checks.add(new RecordedCheck(learner, NOW.minus(Duration.ofMinutes(minutesAgo)),
                new CheckResult(lesson, Optional.empty(), false, 1, 2, test, message)));
    }

    private RoomGrid grid() {
        return RoomGrid.of(ROOM, checks, NOW, STUCK, RoomGrid.exerciseColumns());
    }

    private static RoomGrid.Cell cell(RoomGrid grid, String learner, String label) {
        RoomGrid.LearnerRow row = grid.learners().stream().filter(r -> r.learner().equals(learner)).findFirst().orElseThrow();
        int column = grid.columns().stream().map(RoomGrid.Column::label).toList().indexOf(label);
        return row.cells().get(column);
    }

    @Test
    void theCsvExportHasARowPerLearnerAndACellPerLessonAsTheGridStandsAndQuotesWhatWouldSplitAField() {
        passed("alice_3f2", "naive-table", 30);
        failed("bob_0a1", "partition-by-conversation", 14, "Q1Test.answers", "wrong order");
        failed("carol \"c\", 9c4", "partition-by-conversation", 5, "Q1Test.answers", "no rows");
        RoomGrid grid = grid();

        List<String> lines = List.of(RoomGridCsv.render(grid).split("\r\n", -1));

        List<String> labels = grid.columns().stream().map(RoomGrid.Column::label).toList();
        assertEquals("learner," + labels.stream().map(l -> "lesson " + l).collect(Collectors.joining(",")), lines.get(0));
        int first = labels.indexOf("01") + 1;
        int second = labels.indexOf("02") + 1;
        assertEquals("passed", lines.get(1).split(",", -1)[first], lines.get(1));
        assertEquals("", lines.get(1).split(",", -1)[second], lines.get(1));
        assertEquals("stuck 14 min", lines.get(2).split(",", -1)[second], lines.get(2));
        assertTrue(lines.get(3).startsWith("\"carol \"\"c\"\", 9c4\","), lines.get(3));
        assertTrue(lines.get(3).contains(",failing 5 min,"), lines.get(3));
        assertEquals(labels.size() + 1, lines.get(2).split(",", -1).length, "a field per column: " + lines.get(2));
        assertEquals(List.of(""), lines.subList(4, lines.size()), "each line ends with CRLF, and nothing follows");
    }

    @Test
    void aLessonFailsSinceItsOldestFailureAfterTheLastPassAndIsStuckPastTheLimit() {
        passed("alice_3f2", "naive-table", 30);
        failed("alice_3f2", "partition-by-conversation", 20, "Q1Test.readsOnePartition", "read 3 partitions");
        passed("alice_3f2", "partition-by-conversation", 15);
        failed("alice_3f2", "partition-by-conversation", 3, "Q1Test.readsOnePartition", "read 3 partitions");
        failed("alice_3f2", "partition-by-conversation", 1, "Q1Test.readsOnePartition", "read 2 partitions\nand more");
        failed("bob_0a1", "partition-by-conversation", 14, "Q1Test.answers", "wrong order");
        failed("bob_0a1", "partition-by-conversation", 2, "Q1Test.readsOnePartition", "read 12 partitions");
        failed("carol_9c4", "partition-by-conversation", 5, "Q1Test.answers", "no rows");

        RoomGrid grid = grid();
        assertEquals(List.of("alice_3f2", "bob_0a1", "carol_9c4"), grid.learners().stream().map(RoomGrid.LearnerRow::learner).toList());
        assertEquals(8, grid.checks());
        assertEquals("ok", cell(grid, "alice_3f2", "01").label());
        assertEquals("x3m", cell(grid, "alice_3f2", "02").label(), "the failure before the pass does not count");
        assertEquals("!14m", cell(grid, "bob_0a1", "02").label());
        assertEquals(".", cell(grid, "carol_9c4", "01").label());
        assertEquals("read 2 partitions", cell(grid, "alice_3f2", "02").firstFailure(), "the last check's message, its first line");

        assertEquals(1, grid.stuck().size());
        RoomGrid.Stuck stuck = grid.stuck().get(0);
        assertEquals(List.of("bob_0a1", "02", Duration.ofMinutes(14)), List.of(stuck.learner(), stuck.lesson(), stuck.failingFor()));

        assertEquals(1, grid.commonFailures().size());
        RoomGrid.CommonFailure common = grid.commonFailures().get(0);
        assertEquals("Q1Test.readsOnePartition", common.failedTest(), "bob's and alice's last checks fail it first, carol's another");
        assertEquals(List.of(2, 3), List.of(common.learners(), common.failing()));
    }

    @Test
    void theTextFitsTheTerminalWhateverTheNamesAndMessages() {
        failed("abcdefghijklmnopqrst", "naive-table", 150, "SomeVeryLongTestClassName.someVeryLongMethodName", LONG);
        passed("b", "partition-by-conversation", 1);
        List<String> lines = RoomGridText.render(grid());
        lines.forEach(line -> assertTrue(line.length() <= Failures.COLUMNS, line.length() + " columns: " + line));
        assertTrue(lines.get(0).startsWith("Room monday at 14:30:00 UTC: 2 learners, 2 checks"), lines.get(0));
        String everyColumn = RoomGrid.exerciseColumns().stream().map(RoomGrid.Column::label).collect(Collectors.joining(" +"));
        assertTrue(lines.get(1).matches("learner +" + everyColumn), "every lesson's column, none cut: " + lines.get(1));
        assertTrue(lines.get(2).startsWith("abcdefghijklmnopqrst !2h"), lines.get(2));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  abcdefghijklmnopqrst 01  2h    SomeVeryLong") && l.endsWith("...")),
                String.join("\n", lines));
    }

    @Test
    void anEmptyRoomSaysHowLearnersJoin() {
        List<String> lines = RoomGridText.render(grid());
        assertTrue(String.join("\n", lines).contains("export WORKSHOP_ROOM=monday"), String.join("\n", lines));
        assertTrue(RoomGridPage.render(grid(), List.of(), Duration.ofSeconds(5)).contains("No checks recorded yet"));
    }

    @Test
    void thePageShowsTheSameCellsEscapedAndReloadsItself() {
        failed("alice_3f2", "naive-table", 12, "T.m", "expected <1> but was <3> & more");
        String page = RoomGridPage.render(grid(), List.of(), Duration.ofSeconds(7));
        assertTrue(page.contains("<meta http-equiv=\"refresh\" content=\"7\">"));
        assertTrue(page.contains("<td class=\"STUCK\" title=\"T.m: expected &lt;1&gt; but was &lt;3&gt; &amp; more\">!12m</td>"), page);
        assertFalse(page.contains("<1>"), "the learner's message is escaped");
    }

    @Test
    void thePageLinksEachLearnersLatestDrawingWithItsLessonAndAge() {
        failed("alice_3f2", "ticket-booking", 4, "TicketCatalogueTest.x", "T5 answered wrong");
        String page = RoomGridPage.render(grid(), List.of(new RoomDrawing("alice_3f2", "ticket-booking", NOW.minus(Duration.ofMinutes(4)))),
                Duration.ofSeconds(7));
        assertTrue(page.contains("<ul id=\"diagrams\"><li><a href=\"/diagrams/alice_3f2.svg\">alice_3f2</a>: lesson 07d, 4m ago</li></ul>"),
                page);
        assertFalse(RoomGridPage.render(grid(), List.of(), Duration.ofSeconds(7)).contains("diagrams"), "no drawing, no list");
    }

    @Test
    void aRecordingThatFailsSaysSoInOneLineAndNothingElse() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new RoomRecorder.Recording(ROOM, "alice_3f2", CompletableFuture.failedFuture(new IllegalStateException("node down " + LONG)))
                .record(Optional.of(CheckResult.passed("naive-table", Optional.empty(), 3)))
                .finish(new PrintStream(out, true, StandardCharsets.UTF_8));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("Not recorded in room monday (your grade stands): "), lines.get(0));
        assertTrue(lines.get(0).length() <= Failures.COLUMNS);
    }

    @Test
    void longTextIsCutToOneStoredLine() {
        CheckResult result = new CheckResult("naive-table", Optional.empty(), false, 0, 1, "T.m", "first\nsecond");
        assertEquals("first", result.firstFailure());
        assertEquals(CheckResult.MAX_TEXT, new CheckResult("naive-table", Optional.empty(), false, 0, 1, LONG, "").failedTest().length());
    }
}
