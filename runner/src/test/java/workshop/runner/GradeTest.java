package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.lessons.Task;
import workshop.runner.Grade.Status;
import workshop.runner.LessonCheck.Failure;
import workshop.runner.LessonCheck.Result;

class GradeTest {

    private static final Lesson LESSON = Lessons.require("08");
    private static final String TASK2_TEST = "[engine:junit-jupiter]/[class:workshop.lesson08.Task2AcrossBucketsTest]/[method:crossesABucket()]";
    private static final String TASK1_TEST = "[engine:junit-jupiter]/[class:workshop.lesson08.Task1NumberedTest]/[method:numbers()]";

    private static Result result(List<Failure> failures, List<String> compileErrors) {
        return new Result(List.of(new LessonCheck.Passed(TASK1_TEST, 1)), failures, compileErrors, List.of(), Duration.ofMillis(2_345));
    }

    private static Grade grade(Result result) {
        List<Task> tasks = List.of(new Task(1, "numbered messages", List.of()), new Task(2, "pages across buckets", List.of()));
        return Grade.of(LESSON, result, TaskStatus.of(tasks, result), Optional.empty());
    }

    @Test
    void eachOutcomeHasItsStatusAndExitCode() {
        Failure wrong = new Failure("crosses a bucket", "expected 50 rows, got 49", Kind.ANSWER, TASK2_TEST, 2);
        Failure unmeasured = new Failure("crosses a bucket", "the trace was incomplete", Kind.UNMEASURED, TASK2_TEST, 2);
        assertEquals(List.of(Status.PASSED, Status.FAILED, Status.WITHHELD, Status.DOES_NOT_COMPILE), List.of(
                grade(result(List.of(), List.of())).status(),
                grade(result(List.of(wrong, unmeasured), List.of())).status(),
                grade(result(List.of(unmeasured), List.of())).status(),
                grade(result(List.of(), List.of("Pages.java:3: error: ';' expected"))).status()));
        assertEquals(List.of(0, 1, 3, 4), List.of(Status.values()).stream().map(Status::exitCode).toList());
    }

    @Test
    void theFileCarriesTasksAndFailuresAndReadsBackAsWritten(@TempDir Path dir) throws Exception {
        Failure wrong = new Failure("crosses a bucket", "expected 50 rows, got 49\n  (the bucket before)", Kind.ANSWER, TASK2_TEST, 2);
        Grade grade = grade(result(List.of(wrong), List.of()));
        Path file = Grade.resultsFile(dir, LESSON);
        grade.write(file);

        assertEquals(grade, Grade.read(file));
        String json = Files.readString(file);
        assertTrue(json.contains("\"status\" : \"failed\""), json);
        assertTrue(json.contains("\"kind\" : \"ANSWER\""), json);
        assertEquals(2, grade.tasks().size());
        assertEquals(LessonState.PASSED, grade.tasks().get(0).state());
        assertEquals(LessonState.FAILING, grade.tasks().get(1).state());
        assertEquals(2, grade.failures().get(0).task());
        assertEquals("Task2AcrossBucketsTest.crossesABucket", grade.failures().get(0).source());
        assertEquals(dir.resolve(".workshop/results/08.json"), file);
        assertEquals(List.of("08.json"), Files.list(file.getParent()).map(p -> p.getFileName().toString()).toList(),
                "no partial file left behind");
    }
}
