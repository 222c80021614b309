package workshop.testkit.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import workshop.kit.Workshop;
import workshop.kit.lessons.Hints;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.lessons.Task;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.room.RoomRecorder;

/**
 * The learner's entry point: where you stand, what to do next, and the commands to check,
 * watch, get a hint, see a solution or start a lesson over. Lessons plug in through the lesson
 * list alone; nothing here names a lesson.
 */
public final class Runner {

    private final Path root;
    private final ProgressFile progress;
    /** Where --report asked for a copy of each grade, besides .workshop/results/NN.json. */
    private Optional<Path> reportFile = Optional.empty();

    public Runner(Path root) {
        this.root = root;
        this.progress = new ProgressFile(root.resolve(".workshop/progress.properties"));
    }

    public static void main(String... args) throws Exception {
        Runner runner = new Runner(Workshop.root());
        LaunchFile.remember(Workshop.stateDir());
        List<String> words = new ArrayList<>(List.of(args));
        boolean yes = words.remove("--yes");
        int report = words.indexOf("--report");
        if (report >= 0) {
            if (report + 1 >= words.size()) {
                System.out.println("--report needs a file: ./jbang check 02 --report grade.json");
                System.exit(2);
            }
            runner.reportFile = Optional.of(Path.of(words.get(report + 1)));
            words.subList(report, report + 2).clear();
        }
        List<String> plain = words;
        String command = plain.isEmpty() ? "overview" : plain.get(0);
        Optional<String> lessonArg = plain.size() > 1 ? Optional.of(plain.get(1)) : Optional.empty();
        int exit = switch (command) {
            case "overview" -> runner.overview();
            case "check" -> runner.check(runner.lessonOrCurrent(lessonArg));
            case "watch" -> runner.watch(runner.lessonOrCurrent(lessonArg));
            case "hint" -> runner.hint(runner.lessonOrCurrent(lessonArg));
            case "solution" -> runner.solution(runner.lessonOrCurrent(lessonArg));
            case "reset" -> runner.reset(runner.lessonOrCurrent(lessonArg), yes);
            default -> {
                System.out.println("Unknown command '" + command + "'. Commands: ./jbang workshop, check NN [--report FILE],"
                        + " watch [NN], hint NN, solution NN, reset NN [--yes]");
                yield 2;
            }
        };
        System.exit(exit);
    }

    /** Lessons that have an exercise, in order. */
    static List<Lesson> exercises() {
        return Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent()).toList();
    }

    Optional<Lesson> current() {
        return exercises().stream().filter(l -> progress.state(l.id()) != LessonState.PASSED).findFirst();
    }

    private Lesson lessonOrCurrent(Optional<String> key) {
        if (key.isPresent()) {
            try {
                Lesson lesson = Lessons.require(key.get());
                if (lesson.exercisePackage().isEmpty()) {
                    System.out.println("Lesson " + lesson.number() + " has no exercise; run it with ./jbang " + lesson.alias());
                    System.exit(0);
                }
                return lesson;
            } catch (IllegalArgumentException unknown) {
                System.out.println(unknown.getMessage());
                System.exit(2);
            }
        }
        Lesson chosen = current().orElseGet(() -> {
            System.out.println(allDoneMessage());
            System.exit(0);
            return null;
        });
        say("No lesson named: lesson " + chosen.number() + ", the first exercise that has not passed yet."
                + " To choose another, name it: ./jbang check NN");
        return chosen;
    }

    int overview() {
        // The command's column holds only the alias, under "./jbang", so the widest row fits 100 columns.
        TextTable table = TextTable.of("#", "lesson", "min", "./jbang", "exercise");
        for (Lesson lesson : Lessons.ALL) {
            String state = lesson.exercisePackage().map(p -> exerciseState(lesson)).orElse("-");
            table.row(lesson.number(), lesson.title(), Integer.toString(lesson.minutes()), lesson.alias(), state);
        }
        table.print();
        say(levels());
        System.out.println(QuizScores.summary(progress));
        System.out.println();
        say(nextStep());
        return 0;
    }

    /** The levels in one line: which lessons a self-paced learner meets at each, and their minutes. */
    static String levels() {
        return Arrays.stream(Lesson.Level.values()).map(level -> {
            List<Lesson> at = Lessons.ALL.stream().filter(l -> l.level() == level).toList();
            int minutes = at.stream().mapToInt(Lesson::minutes).sum();
            return String.format("%s %s-%s (%d h %02d min)", level.label(), at.get(0).number(),
                    at.get(at.size() - 1).number(), minutes / 60, minutes % 60);
        }).collect(Collectors.joining(", ", "Levels: ", ""));
    }

    private List<Task> tasks(Lesson lesson) {
        return Task.read(new ExerciseFiles(root, lesson).hintsFile());
    }

    /** The overview's cell: the lesson's state, or for a failing exercise in tasks the tasks passed ("2/4 tasks"). */
    String exerciseState(Lesson lesson) {
        List<Task> tasks = tasks(lesson);
        LessonState state = progress.state(lesson.id());
        if (tasks.isEmpty() || state != LessonState.FAILING) {
            return state.label();
        }
        long passed = tasks.stream()
                .filter(t -> progress.state(ProgressFile.taskKey(lesson.id(), t.number())) == LessonState.PASSED).count();
        return passed + "/" + tasks.size() + " tasks";
    }

    /** The first task of the lesson its last check did not pass; empty for an exercise not in tasks. */
    Optional<Task> currentTask(Lesson lesson) {
        return tasks(lesson).stream()
                .filter(t -> progress.state(ProgressFile.taskKey(lesson.id(), t.number())) != LessonState.PASSED).findFirst();
    }

    /** The one thing to do next, with its commands. */
    String nextStep() {
        Optional<Lesson> next = current();
        if (next.isEmpty()) {
            return allDoneMessage();
        }
        Lesson lesson = next.get();
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        String where = root.relativize(files.learnerDir()).toString();
        return switch (progress.state(lesson.id())) {
            case NOT_STARTED -> String.format("""
                    Next: lesson %s, %s.
                      1. Run the lesson and read what it measures:  ./jbang %s
                      2. Write your code where the TODOs are:       %s
                      3. Grade it (prints what to change):          ./jbang check %s
                         or re-grade on every save:                 ./jbang watch %s""",
                    lesson.number(), lesson.title(), lesson.alias(), where, lesson.number(), lesson.number());
            case FAILING -> String.format("""
                    Next: make lesson %s's tests pass%s.
                      Edit %s, then ./jbang check %s
                      Stuck? ./jbang hint %s gives one hint at a time.""",
                    lesson.number(), currentTask(lesson).map(t -> ", task " + t.number() + " first (" + t.title() + ")").orElse(""),
                    where, lesson.number(), lesson.number());
            case PASSED -> throw new IllegalStateException("a passed lesson is never next");
        };
    }

    private static String allDoneMessage() {
        return "Every exercise passes. You can now design tables from access patterns and prove what they cost. Well done!";
    }

    /**
     * Grades in the warm JVM an earlier check left, if one waits, else in one started now; then
     * leaves one warming up for the next check (see {@link WarmGrading}).
     */
    int check(Lesson lesson) {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        GradingProcess grader = WarmGrading.adopt(LessonCheck.log(files, checkDir()))
                .orElseGet(() -> LessonCheck.prepare(files, checkDir()));
        int exit = check(lesson, grader);
        WarmGrading.leave(files, LessonCheck.usesCassandra(files));
        return exit;
    }

    private Path checkDir() {
        return root.resolve(".workshop/check");
    }

    /** Grades with a test JVM that may already be warm (see {@link LessonCheck#prepare}). */
    private int check(Lesson lesson, GradingProcess testJvm) {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        say("Checking lesson " + lesson.number() + " (" + lesson.title() + ")...");
        Optional<RoomRecorder.Recording> recording = RoomRecorder.start(); // in a room: connects while grading
        LessonCheck.Result result = LessonCheck.run(files, checkDir(), testJvm);
        recording.ifPresent(r -> {
            r.record(RoomResults.of(lesson, result));
            result.diagram().ifPresent(drawing -> r.show(lesson.id(), root.resolve(drawing)));
        });
        List<TaskStatus> tasks = TaskStatus.of(tasks(lesson), result);
        report(lesson, result, tasks);
        Optional<String> room = recording.map(r -> r.finish(System.out));
        Grade grade = Grade.of(lesson, result, tasks, room);
        grade.write(Grade.resultsFile(root, lesson));
        reportFile.ifPresent(grade::write);
        return grade.exitCode();
    }

    /** The grade as the learner reads it, and the lesson's progress ({@link Grade} is the same as data). */
    private void report(Lesson lesson, LessonCheck.Result result, List<TaskStatus> tasks) {
        if (!result.compiled()) {
            say("Your code for lesson " + lesson.number() + " does not compile:");
            result.compileErrors().forEach(e -> say("  " + e));
            say("Other lessons are not affected. Fix the line above, then ./jbang check " + lesson.number());
            progress.recordCheck(lesson.id(), false);
            return;
        }
        say(String.format("%nLesson %s: %d passed, %d failed (%.1f s)", lesson.number(), result.passed(),
                result.failures().size(), result.took().toMillis() / 1000.0));
        tasks.forEach(task -> say("  " + task.line(Failures.COLUMNS - 2)));
        result.firstFailure().ifPresent(first -> {
            say("First failure" + (first.task() > 0 && !tasks.isEmpty() ? " (task " + first.task() + ")" : "") + ": "
                    + first.test());
            say("  " + first.message().strip().replace("\n", "\n  "));
        });
        if (!result.leftThreads().isEmpty()) {
            say("Your code left threads running after the tests: " + String.join(", ", result.leftThreads())
                    + ". Shut down executors you create (try-with-resources or shutdown()).");
        }
        result.diagram().ifPresent(drawing -> say("Your design, drawn: " + drawing + " (open it in a browser)."));
        if (result.withheld()) {
            say("\nNo grade this time: nothing could be measured completely (a busy machine, or the cluster"
                    + " not whole: see above). Rerun: ./jbang check " + lesson.number());
            return;
        }
        progress.recordCheck(lesson.id(), result.allPassed());
        progress.recordTasks(lesson.id(), tasks.stream().collect(Collectors.toMap(t -> t.task().number(), TaskStatus::state)));
        System.out.println();
        String hintFor = currentTask(lesson).map(t -> " for task " + t.number()).orElse("");
        say(result.allPassed() ? "Passed! " + nextStep() : "Fix that, then ./jbang check " + lesson.number()
                + "   (a hint" + hintFor + ": ./jbang hint " + lesson.number() + ")");
    }

    /** Prints within the terminal width: a longer line wraps, its continuation indented. */
    static void say(String text) {
        for (String line : text.split("\n", -1)) {
            System.out.println(String.join("\n", fit(line)));
        }
    }

    static List<String> fit(String line) {
        if (line.length() <= Failures.COLUMNS) {
            return List.of(line);
        }
        String indent = line.substring(0, line.length() - line.stripLeading().length());
        List<String> lines = new java.util.ArrayList<>();
        for (String part : Story.wrap(line, Failures.COLUMNS - indent.length() - 2)) {
            lines.add((lines.isEmpty() ? indent : indent + "  ") + part);
        }
        return lines;
    }

    /**
     * Re-checks whenever a file of the lesson changes; polls, which works on every file system.
     * Each re-check is a check: it adopts the warm grading JVM the last one left (connected, its
     * compiler warmed on this lesson) and leaves the next one waiting for the next save.
     */
    int watch(Lesson lesson) {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        try (WatchKeys keys = WatchKeys.open()) {
            say("Watching " + root.relativize(files.learnerDir()) + " (" + keys.legend() + ")...");
            long lastSeen = -1;
            while (true) {
                long stamp = files.sourcesToCompile().stream().mapToLong(Runner::modified).sum();
                if (stamp != lastSeen) {
                    lastSeen = stamp;
                    check(lesson);
                    System.out.println("\nWaiting for a change (" + keys.legend() + ")...");
                }
                Optional<WatchKeys.Key> key = keys.next(Duration.ofMillis(300));
                if (key.isPresent()) {
                    switch (key.get()) {
                        case QUIT -> {
                            return 0;
                        }
                        case STOPPED -> {
                            return 130;
                        }
                        case HINT -> {
                            hint(lesson);
                            System.out.println("\nWaiting for a change (" + keys.legend() + ")...");
                        }
                        case RERUN -> lastSeen = -1;
                    }
                }
            }
        }
    }

    /** The next hint: of the first task not passed yet, for an exercise in tasks (the last task's once all pass). */
    int hint(Lesson lesson) {
        List<Task> tasks = tasks(lesson);
        Optional<Task> task = currentTask(lesson).or(() -> tasks.stream().reduce((first, last) -> last));
        String key = task.map(t -> ProgressFile.taskKey(lesson.id(), t.number())).orElse(lesson.id());
        String which = "lesson " + lesson.number() + task.map(t -> ", task " + t.number() + " (" + t.title() + ")").orElse("");
        List<String> hints = task.map(Task::hints).orElseGet(() -> Hints.read(new ExerciseFiles(root, lesson).hintsFile()));
        int shown = progress.hintsShown(key);
        if (hints.isEmpty()) {
            say("Lesson " + lesson.number() + " has no hints. The failure message of ./jbang check " + lesson.number() + " says what to change.");
            return 0;
        }
        if (shown >= hints.size()) {
            say("That was the last hint for " + which + ". The reference solution: ./jbang solution " + lesson.number());
            say("All hints again:\n\n" + String.join("\n\n", hints));
            return 0;
        }
        say(String.format("Hint %d of %d for %s:%n%n%s", shown + 1, hints.size(), which, hints.get(shown)));
        progress.recordHintShown(key, shown + 1);
        return 0;
    }

    int solution(Lesson lesson) throws IOException {
        System.out.print("This shows lesson " + lesson.number() + "'s reference solution. Trying first teaches more. Show it? Type yes: ");
        System.out.flush();
        String answer = new BufferedReader(new InputStreamReader(System.in)).readLine();
        if (answer == null || !answer.strip().equalsIgnoreCase("yes")) {
            System.out.println("Not shown.");
            return 0;
        }
        for (Path file : ExerciseFiles.javaFiles(new ExerciseFiles(root, lesson).solutionDir()).toList()) {
            System.out.println("\n// " + root.relativize(file));
            System.out.println(Files.readString(file));
        }
        return 0;
    }

    /**
     * Puts the original stubs back and clears the lesson's progress (passed, hints shown); the
     * learner's files are copied to a backup folder first. Asks, unless told --yes.
     */
    int reset(Lesson lesson, boolean yes) throws IOException {
        if (!yes) {
            System.out.print("Put lesson " + lesson.number() + "'s stubs back and clear its progress? Your code is"
                    + " backed up first. Type yes: ");
            System.out.flush();
            String answer = new BufferedReader(new InputStreamReader(System.in)).readLine();
            if (answer == null || !answer.strip().equalsIgnoreCase("yes")) {
                System.out.println("Nothing changed.");
                return 0;
            }
        }
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        Path backup = root.resolve(".workshop/backups").resolve(lesson.id() + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        for (Path file : files.learnerSources()) {
            Optional<String> stub = StubHistory.originalStub(root, file);
            if (stub.isEmpty()) {
                say("No original stub of " + root.relativize(file) + " in git history; left as it is.");
                continue;
            }
            Files.createDirectories(backup);
            Files.copy(file, backup.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(file, stub.get());
        }
        progress.clear(lesson.id());
        say("Lesson " + lesson.number() + " is back to its stubs and not started. Your code is in "
                + root.relativize(backup));
        return 0;
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis() + Files.size(file);
        } catch (IOException gone) {
            return 0;
        }
    }
}
