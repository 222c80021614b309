package workshop.testkit.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.terminal.TextTable;

/**
 * The learner's entry point: where you stand, what to do next, and the commands to check,
 * watch, get a hint, see a solution or start a lesson over. Lessons plug in through the lesson
 * list alone; nothing here names a lesson.
 */
public final class Runner {

    private final Path root;
    private final ProgressFile progress;

    public Runner(Path root) {
        this.root = root;
        this.progress = new ProgressFile(root.resolve(".workshop/progress.properties"));
    }

    public static void main(String... args) throws Exception {
        Runner runner = new Runner(Workshop.root());
        String command = args.length == 0 ? "overview" : args[0];
        Optional<String> lessonArg = args.length > 1 ? Optional.of(args[1]) : Optional.empty();
        int exit = switch (command) {
            case "overview" -> runner.overview();
            case "check" -> runner.check(runner.lessonOrCurrent(lessonArg));
            case "watch" -> runner.watch(runner.lessonOrCurrent(lessonArg));
            case "hint" -> runner.hint(runner.lessonOrCurrent(lessonArg));
            case "solution" -> runner.solution(runner.lessonOrCurrent(lessonArg));
            case "reset" -> runner.reset(runner.lessonOrCurrent(lessonArg));
            default -> {
                System.out.println("Unknown command '" + command + "'. Commands: ./jbang workshop, check NN, watch [NN], hint NN, solution NN, reset NN");
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
        return current().orElseGet(() -> {
            System.out.println(allDoneMessage());
            System.exit(0);
            return null;
        });
    }

    int overview() {
        TextTable table = TextTable.of("#", "lesson", "run it", "exercise");
        for (Lesson lesson : Lessons.ALL) {
            String state = lesson.exercisePackage().map(p -> progress.state(lesson.id()).label()).orElse("-");
            table.row(lesson.number(), lesson.title(), "./jbang " + lesson.alias(), state);
        }
        table.print();
        System.out.println(workshop.testkit.quiz.QuizScores.summary(progress));
        System.out.println();
        System.out.println(nextStep());
        return 0;
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
                    Next: make lesson %s's tests pass. Edit %s, then ./jbang check %s
                      Stuck? ./jbang hint %s gives one hint at a time.""",
                    lesson.number(), where, lesson.number(), lesson.number());
            case PASSED -> throw new IllegalStateException("a passed lesson is never next");
        };
    }

    private static String allDoneMessage() {
        return "Every exercise passes. You can now design tables from access patterns and prove what they cost. Well done!";
    }

    int check(Lesson lesson) {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        System.out.println("Checking lesson " + lesson.number() + " (" + lesson.title() + ")...");
        LessonCheck.Result result = LessonCheck.run(files, root.resolve(".workshop/check"));
        if (!result.compiled()) {
            System.out.println("Your code for lesson " + lesson.number() + " does not compile:");
            result.compileErrors().forEach(e -> System.out.println("  " + e));
            System.out.println("Other lessons are not affected. Fix the line above, then ./jbang check " + lesson.number());
            progress.recordCheck(lesson.id(), false);
            return 1;
        }
        System.out.printf("%nLesson %s: %d passed, %d failed (%.1f s)%n", lesson.number(), result.passed(),
                result.failures().size(), result.took().toMillis() / 1000.0);
        if (!result.failures().isEmpty()) {
            LessonCheck.Failure first = result.failures().get(0);
            System.out.println("First failure: " + first.test());
            System.out.println("  " + first.message().strip().replace("\n", "\n  "));
        }
        if (!result.leftThreads().isEmpty()) {
            System.out.println("Your code left threads running after the tests: " + result.leftThreads()
                    + ". Shut down executors you create (try-with-resources or shutdown()).");
        }
        progress.recordCheck(lesson.id(), result.allPassed());
        System.out.println();
        System.out.println(result.allPassed() ? "Passed! " + nextStep() : "Fix that, then ./jbang check " + lesson.number()
                + "   (a hint: ./jbang hint " + lesson.number() + ")");
        return result.allPassed() ? 0 : 1;
    }

    /** Re-checks whenever a file of the lesson changes; polls, which works on every file system. */
    int watch(Lesson lesson) throws InterruptedException {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        System.out.println("Watching " + root.relativize(files.learnerDir()) + " (Ctrl-C to stop)...");
        long lastSeen = -1;
        while (true) {
            long stamp = files.sourcesToCompile().stream().mapToLong(Runner::modified).sum();
            if (stamp != lastSeen) {
                lastSeen = stamp;
                check(lesson);
                System.out.println("\nWaiting for a change...");
            }
            Thread.sleep(1_000);
        }
    }

    int hint(Lesson lesson) {
        List<String> hints = Hints.read(new ExerciseFiles(root, lesson).hintsFile());
        int shown = progress.hintsShown(lesson.id());
        if (hints.isEmpty()) {
            System.out.println("Lesson " + lesson.number() + " has no hints. The failure message of ./jbang check " + lesson.number() + " says what to change.");
            return 0;
        }
        if (shown >= hints.size()) {
            System.out.println("That was the last hint for lesson " + lesson.number() + ". The reference solution: ./jbang solution " + lesson.number());
            System.out.println("All hints again:\n\n" + String.join("\n\n", hints));
            return 0;
        }
        System.out.printf("Hint %d of %d for lesson %s:%n%n%s%n", shown + 1, hints.size(), lesson.number(), hints.get(shown));
        progress.recordHintShown(lesson.id(), shown + 1);
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

    /** Puts the original stubs back; the learner's files are copied to a backup folder first. */
    int reset(Lesson lesson) {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        Path backup = root.resolve(".workshop/backups").resolve(lesson.id() + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        try {
            for (Path file : files.learnerSources()) {
                Optional<String> stub = StubHistory.originalStub(root, file);
                if (stub.isEmpty()) {
                    System.out.println("No original stub of " + root.relativize(file) + " in git history; left as it is.");
                    continue;
                }
                Files.createDirectories(backup);
                Files.copy(file, backup.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                Files.writeString(file, stub.get());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println("Lesson " + lesson.number() + " is back to its stubs. Your code is in " + root.relativize(backup));
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
