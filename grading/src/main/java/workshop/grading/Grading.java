package workshop.grading;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import java.util.stream.Stream;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.LocalCluster;
import workshop.kit.dynamo.MotoServer;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.lessons.TestReports;
import workshop.kit.lessons.TestReports.Counts;
import workshop.kit.terminal.TextTable;
import workshop.testkit.DynamoExtension;
import workshop.runner.ExerciseFiles;
import workshop.runner.LessonCheck;
import workshop.runner.Until;

/**
 * The build's last step: grading in every direction. Every reference solution passes its lesson's
 * tests (read from the solutions module's test reports); every exercise stub fails every test;
 * every wrong answer of grading/wrong-answers fails, first at the test it is meant to fail, with a
 * message that names the mistake. The stubs and wrong answers are graded as a learner's check
 * grades them, so their failures are expected and counted here instead of reported as errors.
 * Arguments: the project root, then optionally lesson numbers to grade only those,
 * --wrong-answers-only to skip the solutions and stubs, and --at-once=N for how many lessons are
 * graded at the same time (each lesson's checks run one after another).
 */
public final class Grading {

    private static final String AT_ONCE = "--at-once=";
    /**
     * Lessons graded at once: two, so that while one lesson's check waits on the cluster (schema
     * agreement, traces) the other's uses the cores; measured in docs/performance.md, "The grading step".
     */
    private static final int DEFAULT_AT_ONCE = 2;

    private final Path root;
    private final Path work;
    private final PrintStream out;
    private final PrintStream log;
    private final List<String> problems = new ArrayList<>();
    /**
     * Held to read by a check that may run beside others, to write by one that must run alone: a
     * lesson whose tests take hold of the nodes, and the second look at an unexpected result. Fair, so
     * a check waiting to run alone is not overtaken.
     */
    private final ReadWriteLock turns = new ReentrantReadWriteLock(true);

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
        int atOnce = options.stream().filter(a -> a.startsWith(AT_ONCE)).map(a -> Integer.parseInt(a.substring(AT_ONCE.length())))
                .findFirst().orElse(DEFAULT_AT_ONCE);
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
            grading.gradeAll(only, wrongAnswersOnly, atOnce);
            out.printf("Grading took %d s; the tests' own output is in %s%n", (System.nanoTime() - started) / 1_000_000_000,
                    root.relativize(logFile));
            exit = grading.report(wrongAnswersOnly);
        }
        stopStoresIfTestsStartedThem(out);
        System.exit(exit);
    }

    private void gradeAll(Set<String> only, boolean wrongAnswersOnly, int atOnce) {
        Map<String, Counts> solutions = TestReports.countByLesson(TestReports.read(root.resolve("solutions/target/surefire-reports")));
        List<LessonGrading> lessons = Lessons.ALL.stream()
                .filter(l -> l.exercisePackage().isPresent() && (only.isEmpty() || only.contains(l.number())))
                .map(l -> new LessonGrading(l, solutions.getOrDefault(l.id(), new Counts(0, 0)), wrongAnswersOnly))
                .toList();
        // The tests' output goes to the log, so the report stays readable; set once, as lessons run at once.
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        System.setOut(log);
        System.setErr(log);
        ExecutorService pool = Executors.newFixedThreadPool(atOnce);
        try {
            // Lessons at once, each its checks in turn: no two checks share a test class, so none shares a
            // keyspace, and a lesson's keyspaces stay reusable from one of its checks to the next.
            Map<LessonGrading, Future<?>> running = new LinkedHashMap<>();
            lessons.forEach(l -> running.put(l, pool.submit(l::grade)));
            running.forEach((lesson, graded) -> {
                await(graded);
                out.println(lesson.line());
            });
        } finally {
            pool.shutdownNow();
            System.setOut(stdout);
            System.setErr(stderr);
        }
        TextTable table = TextTable.of("lesson", "id", "solution passed", "other designs passed", "stub failed",
                "wrong answers caught");
        lessons.forEach(l -> {
            table.row(l.lesson.number(), l.lesson.id(), l.solved, l.otherDesigns, l.stubbed, l.caught);
            problems.addAll(l.problems);
        });
        out.println();
        out.println("Grading in every direction (solutions and other right designs pass; stubs and wrong answers fail):");
        table.print();
    }

    private static void await(Future<?> graded) {
        try {
            graded.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Grading was interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Grading a lesson failed: " + e.getCause(), e.getCause());
        }
    }

    /**
     * One lesson's grading: its checks laid out, run one after another (each one's test JVM started
     * while the one before runs), then judged; its row of the table and its problems, kept for the report.
     */
    private final class LessonGrading {
        private final Lesson lesson;
        private final Counts solution;
        private final boolean wrongAnswersOnly;
        private final List<String> problems = new ArrayList<>();
        /** The checks to run, in order, by the folder each runs in; and their results once run. */
        private final Map<Path, Check> checks = new LinkedHashMap<>();
        private final Map<Path, LessonCheck.Result> results = new HashMap<>();
        /** The checks whose result was not the one expected, by folder, and what it was: each gets a second look, alone. */
        private final Map<Path, String> unexpected = new LinkedHashMap<>();
        private Map<RightAnswer, Optional<String>> rightLaidOut = Map.of();
        private Map<WrongAnswer, Optional<String>> wrongLaidOut = Map.of();
        private int gradedAgain;
        private String solved = "-";
        private String otherDesigns = "-";
        private String stubbed = "-";
        private String caught = "-";

        LessonGrading(Lesson lesson, Counts solution, boolean wrongAnswersOnly) {
            this.lesson = lesson;
            this.solution = solution;
            this.wrongAnswersOnly = wrongAnswersOnly;
        }

        /** Whether its tests take hold of the cluster's nodes (pause them, change their settings): it runs alone. */
        private boolean alone() {
            ExerciseFiles files = new ExerciseFiles(root, lesson);
            return files.sourcesToCompile().stream().filter(p -> p.startsWith(files.testDir())).anyMatch(test -> {
                try {
                    return Files.readString(test).contains("CassandraExtension.cluster()");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }

        String line() {
            return "Lesson " + lesson.number() + " " + lesson.id() + ": wrong answers caught: " + caught
                    + (gradedAgain > 0 ? " (" + gradedAgain + " check(s) graded again alone, see the log)" : "");
        }

        void grade() {
            List<RightAnswer> right = wrongAnswersOnly ? List.of() : RightAnswer.of(lesson.files(root));
            List<WrongAnswer> wrong = WrongAnswer.of(lesson.files(root));
            rightLaidOut = new LinkedHashMap<>();
            right.forEach(answer -> rightLaidOut.put(answer, layOut(copyOf("right-answers", answer.name()), answer.diffs(),
                    Until.EVERY_TEST)));
            if (!wrongAnswersOnly) {
                checks.put(stubDir(), new Check(new ExerciseFiles(root, lesson), Until.EVERY_TEST));
            }
            wrongLaidOut = new LinkedHashMap<>();
            // A wrong answer is judged by the failure a learner is shown first: its check stops once that is known.
            wrong.forEach(answer -> wrongLaidOut.put(answer, layOut(copyOf("wrong-answers", answer.name()), answer.diffs(),
                    Until.FIRST_FAILURE_KNOWN)));
            if (alone()) {
                inTurn(turns.writeLock(), () -> runInTurn(false));
            } else {
                runInTurn(true);
            }
            judge();
            if (!unexpected.isEmpty()) {
                gradedAgain = unexpected.size();
                // A busy machine can hide a race or slow a test past its limit: what grading decides is what
                // the check gives with no other check beside it, as before lessons were graded at once.
                inTurn(turns.writeLock(), () -> unexpected.forEach((dir, why) -> {
                    log.printf("%n== lesson %s: %s graded again, alone, as beside another lesson's check it %s%n",
                            lesson.number(), root.relativize(dir), why);
                    results.put(dir, checks.get(dir).run(dir));
                }));
                judge();
            }
        }

        private Path stubDir() {
            return work.resolve("stubs");
        }

        /** The figures and problems of the results at hand. */
        private void judge() {
            problems.clear();
            unexpected.clear();
            if (!wrongAnswersOnly) {
                solved = gradeSolution(lesson, solution, problems);
                otherDesigns = gradeRightAnswers(rightLaidOut);
                stubbed = gradeStub(results.get(stubDir()));
            }
            caught = gradeWrongAnswers(wrongLaidOut);
        }

        private Path copyOf(String corpus, String answer) {
            return work.resolve(corpus).resolve(lesson.number()).resolve(answer);
        }

        /** Lays out a learner's copy (see {@link #applied}) and plans its check; else why it could not be made. */
        private Optional<String> layOut(Path copy, List<Path> diffs, Until until) {
            Optional<String> unapplied = applied(lesson, copy, diffs);
            if (unapplied.isEmpty()) {
                checks.put(copy.resolve("check"), new Check(new ExerciseFiles(copy, lesson), until));
            }
            return unapplied;
        }

        /** Runs the checks one after another; ahead: each one's test JVM starts while the one before runs. */
        private void runInTurn(boolean ahead) {
            List<Map.Entry<Path, Check>> planned = List.copyOf(checks.entrySet());
            LessonCheck.Ahead next = null;
            for (int i = 0; i < planned.size(); i++) {
                LessonCheck.Ahead now = next != null ? next : planned.get(i).getValue().ahead(planned.get(i).getKey());
                next = ahead && i + 1 < planned.size() ? planned.get(i + 1).getValue().ahead(planned.get(i + 1).getKey()) : null;
                results.put(planned.get(i).getKey(), ahead ? inTurn(turns.readLock(), now::run) : now.run());
            }
        }

        private String gradeStub(LessonCheck.Result stub) {
            int failed = stub.failures().size();
            int problemsBefore = problems.size();
            if (!stub.compiled()) {
                problems.add("lesson " + lesson.number() + ": the stub does not compile: " + stub.compileErrors());
            } else if (stub.passed() > 0) {
                problems.add("lesson " + lesson.number() + ": " + stub.passed() + " test(s) pass against the stub in exercises/"
                        + " (a test that cannot fail, or a stub that is not a stub)");
            } else if (failed != solution.total()) {
                problems.add("lesson " + lesson.number() + ": " + failed + " test(s) failed against the stub, "
                        + solution.total() + " ran against the solution");
            }
            if (problems.size() > problemsBefore) {
                unexpected.put(stubDir(), problems.get(problems.size() - 1));
            }
            return failed + " of " + (stub.passed() + failed);
        }

        private String gradeWrongAnswers(Map<WrongAnswer, Optional<String>> laidOut) {
            int caughtHere = 0;
            for (Map.Entry<WrongAnswer, Optional<String>> answer : laidOut.entrySet()) {
                String verdict = answer.getValue().orElseGet(() -> judgeWrong(answer.getKey()));
                if (verdict == null) {
                    caughtHere++;
                } else {
                    problems.add("lesson " + lesson.number() + ", wrong answer " + answer.getKey().name() + ": " + verdict);
                    if (answer.getValue().isEmpty()) {
                        unexpected.put(copyOf("wrong-answers", answer.getKey().name()).resolve("check"), verdict);
                    }
                }
            }
            if (laidOut.size() < 5) {
                problems.add("lesson " + lesson.number() + " has " + laidOut.size() + " wrong answers; the corpus keeps at least 5");
            }
            return caughtHere + " of " + laidOut.size();
        }

        /**
         * A second correct design of another shape (other table names, another clustering) must pass
         * every test: the tests grade answers and cost, not the reference solution's layout.
         */
        private String gradeRightAnswers(Map<RightAnswer, Optional<String>> laidOut) {
            int passed = 0;
            for (Map.Entry<RightAnswer, Optional<String>> answer : laidOut.entrySet()) {
                Optional<String> verdict = answer.getValue().isPresent() ? answer.getValue() : judgeRight(answer.getKey());
                if (verdict.isEmpty()) {
                    passed++;
                } else {
                    problems.add("lesson " + lesson.number() + ", right answer " + answer.getKey().name() + " ("
                            + answer.getKey().design() + "): " + verdict.get());
                    if (answer.getValue().isEmpty()) {
                        unexpected.put(copyOf("right-answers", answer.getKey().name()).resolve("check"), verdict.get());
                    }
                }
            }
            return laidOut.isEmpty() ? "-" : passed + " of " + laidOut.size();
        }

        /** Empty when the right answer passed every test, else what went otherwise. */
        private Optional<String> judgeRight(RightAnswer answer) {
            LessonCheck.Result result = results.get(copyOf("right-answers", answer.name()).resolve("check"));
            if (!result.compiled()) {
                return Optional.of("does not compile: " + result.compileErrors());
            }
            if (result.withheld()) {
                return Optional.of("could not be graded: a cost was not measured");
            }
            return result.firstFailure().map(failure -> "failed " + failure.source() + ": " + oneLine(failure.message()));
        }

        /** Null when the wrong answer failed as intended, else what went otherwise. */
        private String judgeWrong(WrongAnswer answer) {
            LessonCheck.Result result = results.get(copyOf("wrong-answers", answer.name()).resolve("check"));
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
    }

    /** One check to run: the learner's copy, and how far its tests run. */
    private record Check(ExerciseFiles files, Until until) {
        LessonCheck.Ahead ahead(Path workDir) {
            return LessonCheck.ahead(files, workDir, until);
        }

        LessonCheck.Result run(Path workDir) {
            return LessonCheck.run(files, workDir, until);
        }
    }

    private static <T> T inTurn(Lock lock, Supplier<T> check) {
        lock.lock();
        try {
            return check.get();
        } finally {
            lock.unlock();
        }
    }

    private static void inTurn(Lock lock, Runnable checks) {
        inTurn(lock, () -> {
            checks.run();
            return null;
        });
    }

    /** The solutions module's own test run: every test passes. */
    private static String gradeSolution(Lesson lesson, Counts solution, List<String> problems) {
        if (solution.total() == 0) {
            problems.add("lesson " + lesson.number() + " ran no tests against its solution");
        } else if (solution.failed() > 0) {
            problems.add("lesson " + lesson.number() + ": " + solution.failed() + " test(s) fail against the reference"
                    + " solution (see solutions/target/surefire-reports)");
        }
        return solution.passed() + " of " + solution.total();
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
        if (Files.exists(Cassandra.startedByTestsMarker())) {
            out.println("Stopped the " + LocalCluster.standard().stop() + " Cassandra node(s) this build started.");
        }
        if (Files.exists(DynamoExtension.startedByTestsMarker()) && MotoServer.standard().stop()) {
            out.println("Stopped the DynamoDB emulator this build started.");
        }
    }
}
