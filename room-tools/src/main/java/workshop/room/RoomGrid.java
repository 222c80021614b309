package workshop.room;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import workshop.kit.cassandra.Room;
import workshop.kit.lessons.Lessons;

/**
 * What the instructor sees: learners by lessons, each cell the learner's last check of that lesson
 * (and, when it failed, since when the lesson has been failing), who is stuck (failing the same
 * lesson for stuckAfter or longer), and per lesson the test most learners who fail it fail first.
 * Built from the room's checks alone, so it is tested without a cluster; {@link RoomGridText} and
 * {@link RoomGridPage} render the same grid.
 */
public record RoomGrid(String room, Instant at, Duration stuckAfter, int checks, List<Column> columns,
                       List<LearnerRow> learners, List<Stuck> stuck, List<CommonFailure> commonFailures) {

    /** A lesson's column: its id (what checks record) and its number (what the header shows). */
    public record Column(String lesson, String label) {}

    public enum State { NOT_CHECKED, PASSED, FAILING, STUCK }

    /** One learner's standing on one lesson; failingFor is zero unless it is failing. */
    public record Cell(State state, Duration failingFor, String failedTest, String firstFailure) {
        static final Cell NOT_CHECKED = new Cell(State.NOT_CHECKED, Duration.ZERO, "", "");

        /** At most 4 characters: "ok", "x3m" (failing for 3 minutes), "!14m" (stuck), "." (never checked). */
        public String label() {
            return switch (state) {
                case NOT_CHECKED -> ".";
                case PASSED -> "ok";
                case FAILING -> "x" + minutes(failingFor);
                case STUCK -> "!" + minutes(failingFor);
            };
        }
    }

    public record LearnerRow(String learner, List<Cell> cells) {}

    public record Stuck(String learner, String lesson, Duration failingFor, String failedTest, String firstFailure) {}

    /** Of the learners failing a lesson, how many fail this test first, and one of their messages. */
    public record CommonFailure(String lesson, String failedTest, String example, int learners, int failing) {}

    /** The columns of every lesson with an exercise, in the workshop's order. */
    public static List<Column> exerciseColumns() {
        return Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent()).map(l -> new Column(l.id(), l.number())).toList();
    }

    public static RoomGrid of(Room room, List<RecordedCheck> checks, Instant now, Duration stuckAfter, List<Column> columns) {
        Map<String, Map<String, List<RecordedCheck>>> byLearner = checks.stream().collect(Collectors.groupingBy(
                RecordedCheck::learner, TreeMap::new, Collectors.groupingBy(c -> c.result().lesson())));
        List<LearnerRow> rows = new ArrayList<>();
        List<Stuck> stuck = new ArrayList<>();
        Map<String, List<Cell>> failingByLesson = new LinkedHashMap<>();
        for (var learner : byLearner.entrySet()) {
            List<Cell> cells = new ArrayList<>();
            for (Column column : columns) {
                Cell cell = Optional.ofNullable(learner.getValue().get(column.lesson()))
                        .map(lessonChecks -> cell(lessonChecks, now, stuckAfter)).orElse(Cell.NOT_CHECKED);
                cells.add(cell);
                if (cell.state() == State.FAILING || cell.state() == State.STUCK) {
                    failingByLesson.computeIfAbsent(column.label(), l -> new ArrayList<>()).add(cell);
                }
                if (cell.state() == State.STUCK) {
                    stuck.add(new Stuck(learner.getKey(), column.label(), cell.failingFor(), cell.failedTest(), cell.firstFailure()));
                }
            }
            rows.add(new LearnerRow(learner.getKey(), cells));
        }
        stuck.sort(Comparator.comparing(Stuck::failingFor).reversed().thenComparing(Stuck::learner));
        List<CommonFailure> common = failingByLesson.entrySet().stream().map(e -> mostCommon(e.getKey(), e.getValue())).toList();
        return new RoomGrid(room.name(), now, stuckAfter, checks.size(), columns, rows, stuck, common);
    }

    /** The last check decides; a failing lesson has been failing since the oldest failure after its last pass. */
    private static Cell cell(List<RecordedCheck> lessonChecks, Instant now, Duration stuckAfter) {
        List<RecordedCheck> newestFirst = lessonChecks.stream().sorted(Comparator.comparing(RecordedCheck::at).reversed()).toList();
        CheckResult last = newestFirst.get(0).result();
        if (last.passed()) {
            return new Cell(State.PASSED, Duration.ZERO, "", "");
        }
        Instant since = newestFirst.stream().takeWhile(c -> !c.result().passed()).map(RecordedCheck::at)
                .min(Comparator.naturalOrder()).orElseThrow();
        Duration failingFor = Duration.between(since, now).isNegative() ? Duration.ZERO : Duration.between(since, now);
        return new Cell(failingFor.compareTo(stuckAfter) >= 0 ? State.STUCK : State.FAILING, failingFor,
                last.failedTest(), last.firstFailure());
    }

    private static CommonFailure mostCommon(String lesson, List<Cell> failing) {
        Map<String, List<Cell>> byTest = failing.stream().collect(Collectors.groupingBy(Cell::failedTest, TreeMap::new,
                Collectors.toList()));
        var top = byTest.entrySet().stream().max(Comparator.comparing((Map.Entry<String, List<Cell>> e) -> e.getValue().size())
                .thenComparing(Map.Entry::getKey, Comparator.reverseOrder())).orElseThrow();
        return new CommonFailure(lesson, top.getKey(), top.getValue().get(0).firstFailure(), top.getValue().size(), failing.size());
    }

    /** "3m", "95m", "2h": minutes until 100, hours after (at most 99), so a label stays within 4 characters. */
    static String minutes(Duration duration) {
        long minutes = duration.toMinutes();
        return minutes < 100 ? minutes + "m" : Math.min(99, duration.toHours()) + "h";
    }
}
