package workshop.runner;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import workshop.kit.lessons.Lesson;

/**
 * One check's grade as data: what {@code ./jbang check NN} writes to {@code .workshop/results/NN.json}
 * (and to {@code --report FILE}), and the exit code it ends with. Scripts, CI and the simulated
 * learners read this file and the exit code, never the sentences the runner prints, so the
 * wording can change without breaking a tool.
 *
 * @param room whether the grade reached the room: {@code recorded}, {@code not recorded: why}, or
 *             null outside a room
 * @param measured each call the tests held to a cost bound that it kept, as its trace measured it
 *                 (empty in a grade written before they were kept)
 */
public record Grade(String lesson, String id, Status status, int passed, int failed, double seconds,
                    String checkedAt, List<TaskGrade> tasks, List<FailureGrade> failures,
                    List<String> compileErrors, List<String> leftThreads, String room, List<Measured> measured) {

    public Grade {
        measured = measured == null ? List.of() : List.copyOf(measured);
    }

    /** A grade without measured costs. */
    public Grade(String lesson, String id, Status status, int passed, int failed, double seconds, String checkedAt,
                 List<TaskGrade> tasks, List<FailureGrade> failures, List<String> compileErrors, List<String> leftThreads,
                 String room) {
        this(lesson, id, status, passed, failed, seconds, checkedAt, tasks, failures, compileErrors, leftThreads, room, List.of());
    }

    /** One call's measured cost: partitions and rows its trace read, and the most rows the check allowed it. */
    public record Measured(String call, int partitions, long rowsRead, long bound) {}

    /** How a check ended, with the exit code it gives (2 is left to a command the runner did not understand). */
    public enum Status {
        @JsonProperty("passed") PASSED(0),
        @JsonProperty("failed") FAILED(1),
        /** Some cost could not be measured completely and nothing else decided: no grade, rerun. */
        @JsonProperty("withheld") WITHHELD(3),
        @JsonProperty("does-not-compile") DOES_NOT_COMPILE(4);

        private final int exitCode;

        Status(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    /** A task of an exercise in tasks, as the check left it. */
    public record TaskGrade(int number, String title, LessonState state, FailureGrade firstFailure) {}

    /** One failed test: its kind (what to fix first), its task (0 outside tasks), the test and what the learner reads. */
    public record FailureGrade(Kind kind, int task, String test, String source, String message) {
        static FailureGrade of(LessonCheck.Failure failure) {
            return new FailureGrade(failure.kind(), failure.task(), failure.test(), failure.source(),
                    failure.message().strip());
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The grade of a check that ran; room as for the record. */
    public static Grade of(Lesson lesson, LessonCheck.Result result, List<TaskStatus> tasks, Optional<String> room) {
        Status status = !result.compiled() ? Status.DOES_NOT_COMPILE
                : result.withheld() ? Status.WITHHELD
                : result.allPassed() ? Status.PASSED : Status.FAILED;
        List<TaskGrade> taskGrades = tasks.stream().map(t -> new TaskGrade(t.task().number(), t.task().title(), t.state(),
                t.firstFailure().map(FailureGrade::of).orElse(null))).toList();
        return new Grade(lesson.number(), lesson.id(), status, result.passed(), result.failures().size(),
                result.took().toMillis() / 1000.0, Instant.now().toString(), taskGrades,
                result.failures().stream().map(FailureGrade::of).toList(), result.compileErrors(),
                result.leftThreads(), room.orElse(null), result.measured().stream()
                        .map(m -> new Measured(m.call(), m.partitions(), m.rowsRead(), m.bound())).toList());
    }

    /** The same grade, saying whether it reached the room. */
    Grade withRoom(String reached) {
        return new Grade(lesson, id, status, passed, failed, seconds, checkedAt, tasks, failures, compileErrors, leftThreads,
                reached, measured);
    }

    /** The grade as its file holds it, to send to a room. */
    String json() {
        try {
            return JSON.writeValueAsString(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int exitCode() {
        return status.exitCode();
    }

    /** Where a check of this lesson leaves its grade in a checkout. */
    public static Path resultsFile(Path root, Lesson lesson) {
        return root.resolve(".workshop/results/" + lesson.number() + ".json");
    }

    public void write(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            JSON.writeValue(partial.toFile(), this);
            // A reader polling the file (watch, the timing script) sees the old grade or the new one, never half.
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Grade read(Path file) {
        try {
            return JSON.readValue(file.toFile(), Grade.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
