package workshop.grading;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import workshop.kit.cassandra.LocalCluster;
import workshop.kit.dynamo.MotoServer;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.lessons.TestReports;
import workshop.kit.lessons.TestReports.Counts;
import workshop.kit.terminal.TextTable;
import workshop.testkit.CassandraExtension;
import workshop.testkit.DynamoExtension;
import workshop.testkit.runner.ExerciseFiles;
import workshop.testkit.runner.LessonCheck;

/**
 * The build's last step: grading in every direction. Every reference solution passes its lesson's
 * tests (read from the solutions module's test reports); every exercise stub fails every test;
 * every wrong answer of grading/wrong-answers fails, first at the test it is meant to fail, with a
 * message that names the mistake. The stubs and wrong answers are graded as a learner's check
 * grades them, so their failures are expected and counted here instead of reported as errors.
 * Arguments: the project root, then optionally lesson numbers to grade only those, and
 * --wrong-answers-only to skip the solutions and stubs.
 */
public final class Grading {

    private final Path root;
    private final Path work;
    private final PrintStream out;
    private final PrintStream log;
    private final List<String> problems = new ArrayList<>();

    private Grading(Path root, PrintStream out, PrintStream log) {
        this.root = root;
        this.work = root.resolve("grading/target/grading");
        this.out = out;
        this.log = log;
    }

    public static void main(String... args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
        List<String> options = Stream.of(args).skip(1).flatMap(a -> Stream.of(a.split("\\s+"))).filter(a -> !a.isBlank()).toList();
        boolean wrongAnswersOnly = options.contains("--wrong-answers-only");
        Set<String> only = Set.copyOf(options.stream().filter(a -> !a.startsWith("--")).map(a -> Lessons.require(a).number()).toList());
        if (Grading.class.getClassLoader().getResource("workshop/lesson01") != null) {
            throw new IllegalStateException("Exercise classes are on the grading classpath: they would shadow the code"
                    + " each check compiles. Keep the solutions and exercises modules out of it (scope provided).");
        }
        Files.createDirectories(root.resolve("grading/target"));
        Path logFile = root.resolve("grading/target/grading.log");
        PrintStream out = System.out;
        int exit;
        try (PrintStream log = new PrintStream(Files.newOutputStream(logFile), true)) {
            Grading grading = new Grading(root, out, log);
            long started = System.nanoTime();
            grading.gradeAll(only, wrongAnswersOnly);
            out.printf("Grading took %d s; the tests' own output is in %s%n", (System.nanoTime() - started) / 1_000_000_000,
                    root.relativize(logFile));
            exit = grading.report(wrongAnswersOnly);
        }
        stopStoresIfTestsStartedThem(out);
        System.exit(exit);
    }

    private void gradeAll(Set<String> only, boolean wrongAnswersOnly) {
        Map<String, Counts> solutions = TestReports.countByLesson(TestReports.read(root.resolve("solutions/target/surefire-reports")));
        TextTable table = TextTable.of("lesson", "id", "solution passed", "other designs passed", "stub failed",
                "wrong answers caught");
        for (Lesson lesson : Lessons.ALL) {
            if (lesson.exercisePackage().isEmpty() || !(only.isEmpty() || only.contains(lesson.number()))) {
                continue;
            }
            String solved = "-";
            String otherDesigns = "-";
            String stubbed = "-";
            if (!wrongAnswersOnly) {
                Counts solution = solutions.getOrDefault(lesson.id(), new Counts(0, 0));
                solved = gradeSolution(lesson, solution);
                otherDesigns = gradeRightAnswers(lesson);
                stubbed = gradeStub(lesson, solution.total());
            }
            String caught = gradeWrongAnswers(lesson);
            table.row(lesson.number(), lesson.id(), solved, otherDesigns, stubbed, caught);
        }
        out.println();
        out.println("Grading in every direction (solutions and other right designs pass; stubs and wrong answers fail):");
        table.print();
    }

    /** The solutions module's own test run: every test passes. */
    private String gradeSolution(Lesson lesson, Counts solution) {
        if (solution.total() == 0) {
            problems.add("lesson " + lesson.number() + " ran no tests against its solution");
        } else if (solution.failed() > 0) {
            problems.add("lesson " + lesson.number() + ": " + solution.failed() + " test(s) fail against the reference"
                    + " solution (see solutions/target/surefire-reports)");
        }
        return solution.passed() + " of " + solution.total();
    }

    private String gradeStub(Lesson lesson, int solutionTests) {
        LessonCheck.Result stub = quietly(() -> LessonCheck.run(new ExerciseFiles(root, lesson), work.resolve("stubs")));
        int failed = stub.failures().size();
        if (!stub.compiled()) {
            problems.add("lesson " + lesson.number() + ": the stub does not compile: " + stub.compileErrors());
        } else if (stub.passed() > 0) {
            problems.add("lesson " + lesson.number() + ": " + stub.passed() + " test(s) pass against the stub in exercises/"
                    + " (a test that cannot fail, or a stub that is not a stub)");
        } else if (failed != solutionTests) {
            problems.add("lesson " + lesson.number() + ": " + failed + " test(s) failed against the stub, "
                    + solutionTests + " ran against the solution");
        }
        return failed + " of " + (stub.passed() + failed);
    }

    private String gradeWrongAnswers(Lesson lesson) {
        List<WrongAnswer> wrong = WrongAnswer.of(lesson.files(root));
        int caught = 0;
        for (WrongAnswer answer : wrong) {
            String verdict = grade(lesson, answer);
            if (verdict == null) {
                caught++;
            } else {
                problems.add("lesson " + lesson.number() + ", wrong answer " + answer.name() + ": " + verdict);
            }
        }
        String line = "wrong answers caught: " + caught + " of " + wrong.size();
        out.println("Lesson " + lesson.number() + " " + lesson.id() + ": " + line);
        if (wrong.size() < 5) {
            problems.add("lesson " + lesson.number() + " has " + wrong.size() + " wrong answers; the corpus keeps at least 5");
        }
        return caught + " of " + wrong.size();
    }

    /**
     * A second correct design of another shape (other table names, another clustering) must pass
     * every test: the tests grade answers and cost, not the reference solution's layout.
     */
    private String gradeRightAnswers(Lesson lesson) {
        List<RightAnswer> right = RightAnswer.of(lesson.files(root));
        int passed = 0;
        for (RightAnswer answer : right) {
            Optional<String> verdict = gradeRight(lesson, answer);
            if (verdict.isEmpty()) {
                passed++;
            } else {
                problems.add("lesson " + lesson.number() + ", right answer " + answer.name() + " (" + answer.design() + "): "
                        + verdict.get());
            }
        }
        return right.isEmpty() ? "-" : passed + " of " + right.size();
    }

    /** Empty when the right answer passed every test, else what went otherwise. */
    private Optional<String> gradeRight(Lesson lesson, RightAnswer answer) {
        Path copy = work.resolve("right-answers").resolve(lesson.number()).resolve(answer.name());
        Optional<String> unapplied = applied(lesson, copy, answer.diffs());
        if (unapplied.isPresent()) {
            return unapplied;
        }
        LessonCheck.Result result = quietly(() -> LessonCheck.run(new ExerciseFiles(copy, lesson), copy.resolve("check")));
        if (!result.compiled()) {
            return Optional.of("does not compile: " + result.compileErrors());
        }
        if (result.withheld()) {
            return Optional.of("could not be graded: a cost was not measured");
        }
        return result.firstFailure().map(failure -> "failed " + failure.source() + ": " + oneLine(failure.message()));
    }

    /**
     * Lays out a learner's copy of the lesson at copy: the reference solution with the diffs
     * applied, the given code and the tests. Empty when it is ready, else why it could not be made.
     */
    private Optional<String> applied(Lesson lesson, Path copy, List<Path> diffs) {
        ExerciseFiles files = new ExerciseFiles(copy, lesson);
        ExerciseFiles original = new ExerciseFiles(root, lesson);
        copyTree(original.solutionDir(), files.learnerDir()); // right but for the files replaced below
        copyTree(original.givenDir(), files.givenDir());
        copyTree(original.testDir(), files.testDir());
        for (Path diff : diffs) {
            String name = diff.getFileName().toString().replaceAll("\\.diff$", "");
            try {
                Files.writeString(files.learnerDir().resolve(name),
                        UnifiedDiff.apply(Files.readString(original.solutionDir().resolve(name)), Files.readString(diff)));
            } catch (IllegalArgumentException e) {
                return Optional.of(diff.getFileName() + " no longer applies to the reference solution: " + e.getMessage());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return diffs.isEmpty() ? Optional.of("has no X.java.diff: nothing differs from the reference solution") : Optional.empty();
    }

    /** Null when the wrong answer failed as intended, else what went otherwise. */
    private String grade(Lesson lesson, WrongAnswer answer) {
        Path copy = work.resolve("wrong-answers").resolve(lesson.number()).resolve(answer.name());
        Optional<String> unapplied = applied(lesson, copy, answer.diffs());
        if (unapplied.isPresent()) {
            return unapplied.get();
        }
        ExerciseFiles files = new ExerciseFiles(copy, lesson);
        LessonCheck.Result result = quietly(() -> LessonCheck.run(files, copy.resolve("check")));
        if (!result.compiled()) {
            return "does not compile (a wrong answer must fail a test, not the compiler): " + result.compileErrors();
        }
        if (result.withheld()) {
            return "could not be graded: a cost was not measured (" + oneLine(result.failures().get(0).message()) + ")";
        }
        // The failure the learner is shown first: the runner ranks them, the answer before its cost.
        Optional<LessonCheck.Failure> failure = result.firstFailure();
        if (failure.isEmpty()) {
            return "passed every test (" + answer.mistake() + ")";
        }
        String first = failure.get().source();
        String message = failure.get().message();
        log.printf("%n== lesson %s, %s: first failure %s%n%s%n", lesson.number(), answer.name(), first, message);
        if (!answer.tests().contains(first)) {
            return "failed first at " + first + ", not at " + String.join(" or ", answer.tests()) + ": " + oneLine(message);
        }
        if (message.contains("and was stopped")) {
            return first + " failed by running out of time, not by an assertion that names the mistake";
        }
        String flat = oneLine(message, Integer.MAX_VALUE); // words may wrap onto the message's next line
        List<String> missing = answer.words().stream().filter(w -> !flat.contains(w)).toList();
        if (!missing.isEmpty()) {
            return first + " failed, but its message lacks " + missing + ": " + oneLine(message);
        }
        return null;
    }

    /** Runs the tests with their output going to the log, so the report stays readable. */
    private <T> T quietly(Supplier<T> work) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        System.setOut(log);
        System.setErr(log);
        try {
            return work.get();
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }

    private int report(boolean wrongAnswersOnly) {
        if (problems.isEmpty()) {
            out.println(wrongAnswersOnly ? "OK: every wrong answer graded fails for its reason."
                    : "OK: every solution passes; every stub and every wrong answer fails, each for its reason.");
            return 0;
        }
        problems.forEach(p -> out.println("FAILED: " + p));
        return 1;
    }

    private static String oneLine(String message) {
        return oneLine(message, 300);
    }

    private static String oneLine(String message, int most) {
        String flat = message.replaceAll("\\s+", " ").strip();
        return flat.length() > most ? flat.substring(0, most) + "..." : flat;
    }

    private static void copyTree(Path from, Path to) {
        deleteTree(to);
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                copyFile(file, to.resolve(from.relativize(file).toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copyFile(Path from, Path to) {
        try {
            Files.createDirectories(to.getParent());
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A cluster or emulator the build had to start is stopped at its end (the tests leave them running). */
    private static void stopStoresIfTestsStartedThem(PrintStream out) {
        if (Files.exists(CassandraExtension.startedByTestsMarker())) {
            out.println("Stopped the " + LocalCluster.standard().stop() + " Cassandra node(s) this build started.");
        }
        if (Files.exists(DynamoExtension.startedByTestsMarker()) && MotoServer.standard().stop()) {
            out.println("Stopped the DynamoDB emulator this build started.");
        }
    }
}
