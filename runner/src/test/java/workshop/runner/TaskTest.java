package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.lessons.Task;
import workshop.kit.terminal.Failures;
import workshop.runner.LessonCheck.Failure;

class TaskTest {

    private static final String HINTS = """
            ## Task 1: one page from one partition
            principle
            ---
            shape

            ## Task 2: pages across buckets
            only one
            """;
    private static final List<Task> TASKS = Task.parse(HINTS);

    private static String id(String testClass, String method) {
        return "[engine:junit-jupiter]/[class:workshop.lesson08." + testClass + "]/[method:" + method + "()]";
    }

    /** A failure of a test of task N, its class TaskN...Test tagged task-N. */
    private static Failure failure(String testClass, String method, Kind kind, String message) {
        return new Failure(method, message, kind, id(testClass, method), taskOf(testClass));
    }

    private static LessonCheck.Passed passed(String testClass, String method) {
        return new LessonCheck.Passed(id(testClass, method), taskOf(testClass));
    }

    private static int taskOf(String testClass) {
        return Character.getNumericValue(testClass.charAt("Task".length()));
    }

    private static LessonCheck.Result result(List<LessonCheck.Passed> passed, List<Failure> failures) {
        return new LessonCheck.Result(passed, LessonCheck.rank(failures), List.of(), List.of(), Duration.ZERO);
    }

    @Test
    void theHintsFileNamesTheTasksAndHoldsEachTasksHints() {
        assertEquals(List.of(new Task(1, "one page from one partition", List.of("principle", "shape")),
                new Task(2, "pages across buckets", List.of("only one"))), TASKS);
        assertEquals("Task 2 (pages across buckets)", TASKS.get(1).name());
        assertEquals(List.of(), Task.parse("a hint\n---\nanother\n"), "a lesson without task headings has no tasks");
        assertThrows(IllegalStateException.class, () -> Task.parse("## Task 2: skipped one\nhint\n"));
    }

    @Test
    void readsTheFileAndNoFileMeansNoTasks(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("h.md"), HINTS);
        assertEquals(TASKS, Task.read(dir.resolve("h.md")));
        assertEquals(List.of(), Task.read(dir.resolve("none.md")));
    }

    @Test
    void aTestBelongsToTheTaskItsTagsName() {
        assertEquals(new TestTags(2), TestTags.of(List.of("task-2")));
        assertEquals(new TestTags(12), TestTags.of(List.of("race", "task-12")));
        assertEquals(new TestTags(0), TestTags.of(List.of()), "a test outside tasks");
        assertEquals(new TestTags(0), TestTags.of(List.of("slow", "racer")), "other tags say nothing");
    }

    @Test
    void failuresRankTaskByTaskThenByKind() {
        List<Failure> ranked = LessonCheck.rank(List.of(
                failure("Task2AcrossBucketsTest", "a", Kind.ANSWER, "m"),
                failure("Task1PageTest", "b", Kind.RACE, "m"),
                failure("Task1PageTest", "c", Kind.COST, "m")));
        assertEquals(List.of("c", "b", "a"), ranked.stream().map(Failure::test).toList());
    }

    @Test
    void eachTaskIsPassedFailingOrNotStarted() {
        LessonCheck.Result result = result(List.of(passed("Task1PageTest", "a"), passed("Task2AcrossBucketsTest", "b")),
                List.of(failure("Task2AcrossBucketsTest", "c", Kind.RACE, "a race\nsecond line"),
                        failure("Task2AcrossBucketsTest", "d", Kind.ANSWER, "expected 3 item(s), got 20"),
                        failure("Task3RetryTest", "e", Kind.NOT_WRITTEN, "not written yet: TODO")));
        List<Task> three = List.of(TASKS.get(0), TASKS.get(1), new Task(3, "a retried send", List.of()));
        List<TaskStatus> statuses = TaskStatus.of(three, result);
        assertEquals(List.of(LessonState.PASSED, LessonState.FAILING, LessonState.NOT_STARTED),
                statuses.stream().map(TaskStatus::state).toList());
        assertEquals(Optional.of("d"), statuses.get(1).firstFailure().map(Failure::test), "the answer before the race");
        assertEquals(List.of("Task 1 (one page from one partition): passed",
                "Task 2 (pages across buckets): failing: expected 3 item(s), got 20",
                "Task 3 (a retried send): not started"), statuses.stream().map(s -> s.line(100)).toList());
    }

    @Test
    void aTaskWithATodoLeftButATestPassedIsStarted() {
        LessonCheck.Result result = result(List.of(passed("Task1PageTest", "a")),
                List.of(failure("Task1PageTest", "b", Kind.NOT_WRITTEN, "not written yet: TODO: older")));
        assertEquals(LessonState.FAILING, TaskStatus.of(TASKS, result).get(0).state());
        assertEquals(LessonState.NOT_STARTED, TaskStatus.of(TASKS, result).get(1).state(), "no test of task 2 ran");
    }

    @Test
    void aStatusLineFitsTheWidthOnOneLine() {
        String longMessage = "x".repeat(300) + "\nsecond line";
        LessonCheck.Result result = result(List.of(), List.of(failure("Task1PageTest", "a", Kind.ANSWER, longMessage)));
        String line = TaskStatus.of(TASKS, result).get(0).line(Failures.COLUMNS - 2);
        assertEquals(Failures.COLUMNS - 2, line.length());
        assertTrue(line.startsWith("Task 1 (one page from one partition): failing: xxx") && line.endsWith("..."), line);
    }

    @Test
    void tasksKeepTheirStateAndHintsAndAResetForgetsThem(@TempDir Path dir) {
        ProgressFile progress = new ProgressFile(dir.resolve("p.properties"));
        progress.recordTasks("cursor-pagination", Map.of(1, LessonState.PASSED, 2, LessonState.FAILING));
        progress.recordHintShown(ProgressFile.taskKey("cursor-pagination", 2), 1);
        ProgressFile reopened = new ProgressFile(dir.resolve("p.properties"));
        assertEquals(LessonState.PASSED, reopened.state(ProgressFile.taskKey("cursor-pagination", 1)));
        assertEquals(LessonState.FAILING, reopened.state(ProgressFile.taskKey("cursor-pagination", 2)));
        assertEquals(1, reopened.hintsShown(ProgressFile.taskKey("cursor-pagination", 2)));
        reopened.clear("cursor-pagination");
        assertEquals(LessonState.NOT_STARTED, reopened.state(ProgressFile.taskKey("cursor-pagination", 1)));
        assertEquals(0, reopened.hintsShown(ProgressFile.taskKey("cursor-pagination", 2)));
    }
}
