package workshop.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import workshop.kit.lessons.Lesson;
import workshop.room.RoomClient;
import workshop.room.RoomRecorder;
import workshop.kit.terminal.Failures;

/** {@code ./jbang check NN}: grades a lesson, says what to fix first, and keeps the grade as data ({@link Grade}). */
final class CheckCommand {

    private final Overview overview;
    private final Path root;
    private final ProgressFile progress;
    /** Where --report asked for a copy of each grade, besides .workshop/results/NN.json. */
    private final Optional<Path> reportFile;

    CheckCommand(Overview overview, Optional<Path> reportFile) {
        this.overview = overview;
        this.root = overview.root();
        this.progress = overview.progress();
        this.reportFile = reportFile;
    }

    /**
     * Grades in the warm JVM an earlier check left, if one waits, else in one started now; then
     * leaves one warming up for the next check (see {@link WarmJvmClient}).
     */
    int run(Lesson lesson) {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        TestJvmHandle grader = WarmJvmClient.adopt(LessonCheck.log(files, checkDir()))
                .orElseGet(() -> LessonCheck.prepare(files, checkDir()));
        int exit = check(lesson, grader);
        WarmJvmClient.leave(files, LessonCheck.usesCassandra(files));
        return exit;
    }

    private Path checkDir() {
        return root.resolve(".workshop/check");
    }

    /** Grades with a test JVM that may already be warm (see {@link LessonCheck#prepare}). */
    private int check(Lesson lesson, TestJvmHandle testJvm) {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        Runner.say("Checking lesson " + lesson.number() + " (" + lesson.title() + ")...");
        Optional<RoomRecorder.Recording> recording = RoomRecorder.start(); // in a room: connects while grading
        LessonCheck.Result result = LessonCheck.run(files, checkDir(), testJvm, Until.EVERY_TEST);
        recording.ifPresent(r -> {
            r.record(RoomResults.of(lesson, result));
            result.diagram().ifPresent(drawing -> r.show(lesson.id(), root.resolve(drawing)));
        });
        List<TaskStatus> tasks = TaskStatus.of(overview.tasks(lesson), result);
        report(lesson, result, tasks);
        Optional<String> room = recording.map(r -> r.finish(System.out));
        Grade grade = Grade.of(lesson, result, tasks, room);
        // A room joined over HTTP (./jbang room join) gets the grade itself, wherever the nodes run.
        Optional<String> sent = new RoomClient(root).deliver(grade.json(), System.out);
        if (sent.isPresent() && room.isEmpty()) {
            grade = grade.withRoom(sent.get());
        }
        grade.write(Grade.resultsFile(root, lesson));
        reportFile.ifPresent(grade::write);
        return grade.exitCode();
    }

    /** The grade as the learner reads it, and the lesson's progress ({@link Grade} is the same as data). */
    private void report(Lesson lesson, LessonCheck.Result result, List<TaskStatus> tasks) {
        if (!result.compiled()) {
            Runner.say("Your code for lesson " + lesson.number() + " does not compile:");
            result.compileErrors().forEach(e -> Runner.say("  " + e));
            Runner.say("Other lessons are not affected. Fix the line above, then ./jbang check " + lesson.number());
            progress.recordCheck(lesson.id(), false);
            return;
        }
        Runner.say(String.format("%nLesson %s: %d passed, %d failed (%.1f s)", lesson.number(), result.passed(),
                result.failures().size(), result.took().toMillis() / 1000.0));
        tasks.forEach(task -> Runner.say("  " + task.line(Failures.COLUMNS - 2)));
        result.firstFailure().ifPresent(first -> {
            Runner.say("First failure" + (first.task() > 0 && !tasks.isEmpty() ? " (task " + first.task() + ")" : "") + ": "
                    + first.test());
            Runner.say("  " + first.message().strip().replace("\n", "\n  "));
        });
        if (!result.leftThreads().isEmpty()) {
            Runner.say("Your code left threads running after the tests: " + String.join(", ", result.leftThreads())
                    + ". Shut down executors you create (try-with-resources or shutdown()).");
        }
        result.diagram().ifPresent(drawing -> Runner.say("Your design, drawn: " + drawing + " (open it in a browser)."));
        if (result.withheld()) {
            Runner.say("\nNo grade this time: nothing could be measured completely (a busy machine, or the cluster"
                    + " not whole: see above). Rerun: ./jbang check " + lesson.number());
            return;
        }
        progress.recordCheck(lesson.id(), result.allPassed());
        progress.recordTasks(lesson.id(), tasks.stream().collect(Collectors.toMap(t -> t.task().number(), TaskStatus::state)));
        System.out.println();
        String hintFor = overview.currentTask(lesson).map(t -> " for task " + t.number()).orElse("");
        Runner.say(result.allPassed() ? "Passed! " + overview.nextStep() : "Fix that, then ./jbang check " + lesson.number()
                + "   (a hint" + hintFor + ": ./jbang hint " + lesson.number() + ")");
    }
}
