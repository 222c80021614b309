package workshop.grading;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.TestReports.Counts;
import workshop.runner.ExerciseFiles;
import workshop.runner.LessonCheck;
import workshop.runner.LessonJvm;
import workshop.runner.Until;

/**
 * One lesson's grading: its checks laid out, run one after another (each one's test JVM started
 * while the one before runs), then judged; its row of the table, its problems and where its seconds
 * went, kept for the report.
 */
final class LessonGrading implements LessonPool.Job {

    /** Where grading lays out its copies and runs its checks, and what they share. */
    record Place(Path root, Path work, LearnerCopies copies, Turns turns, PrintStream log) {}

    final Lesson lesson;
    private final Place place;
    /** The solutions module's test counts; replaced by its check's when the check grades it (see solutionByCheck). */
    private Counts solution;
    private final boolean wrongAnswersOnly;
    final List<String> problems = new ArrayList<>();
    final List<CheckTimes> times = new ArrayList<>();
    /** The checks to run, in order, by the folder each runs in; and their results once run. */
    private final Map<Path, Check> checks = new LinkedHashMap<>();
    private final Map<Path, Long> copyTimes = new HashMap<>();
    private final Map<Path, LessonCheck.Result> results = new HashMap<>();
    /** The checks whose result was not the one expected, by folder, and what it was: each gets a second look, alone. */
    private final Map<Path, String> unexpected = new LinkedHashMap<>();
    private Map<RightAnswer, Optional<String>> rightLaidOut = Map.of();
    private Map<WrongAnswer, Optional<String>> wrongLaidOut = Map.of();
    private final ClusterUse clusterUse;
    private int gradedAgain;
    String solved = "-";
    String otherDesigns = "-";
    String stubbed = "-";
    String caught = "-";

    LessonGrading(Lesson lesson, Place place, Counts solution, boolean wrongAnswersOnly) {
        this.lesson = lesson;
        this.place = place;
        this.solution = solution;
        this.wrongAnswersOnly = wrongAnswersOnly;
        this.clusterUse = clusterUseOf(new ExerciseFiles(place.root(), lesson));
    }

    @Override
    public int checkCount() {
        return 1 + (wrongAnswersOnly ? 0 : RightAnswer.of(lesson.files(place.root())).size())
                + WrongAnswer.of(lesson.files(place.root())).size();
    }

    /**
     * What its checks ask of the build's cluster. A lesson whose tests take hold of the nodes
     * (CassandraExtension.takeHoldOfTheNodes: lesson 10 freezes a node and reads replicas) holds three
     * nodes. Every other Cassandra lesson's verdicts are the same on one node, where its checks cost
     * about half the cores (docs/performance.md, "One node where one node proves it"); reading a
     * node's own figures (07d) takes hold of nothing. The DynamoDB lessons use no Cassandra.
     */
    @Override
    public ClusterUse clusterUse() {
        return clusterUse;
    }

    private static ClusterUse clusterUseOf(ExerciseFiles files) {
        if (!LessonCheck.usesCassandra(files)) {
            return ClusterUse.NONE;
        }
        return files.sourcesToCompile().stream().filter(p -> p.startsWith(files.testDir())).anyMatch(LessonGrading::holdsTheNodes)
                ? ClusterUse.HELD : ClusterUse.SHARED;
    }

    private static boolean holdsTheNodes(Path test) {
        try {
            return Files.readString(test).contains("CassandraExtension.takeHoldOfTheNodes()");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String line() {
        return "Lesson " + lesson.number() + " " + lesson.id() + ": wrong answers caught: " + caught
                + (gradedAgain > 0 ? " (" + gradedAgain + " check(s) graded again alone, see the log)" : "");
    }

    @Override
    public void grade() {
        List<RightAnswer> right = wrongAnswersOnly ? List.of() : RightAnswer.of(lesson.files(place.root()));
        List<WrongAnswer> wrong = WrongAnswer.of(lesson.files(place.root()));
        rightLaidOut = new LinkedHashMap<>();
        right.forEach(answer -> rightLaidOut.put(answer, layOut(copyOf("right-answers", answer.name()), answer.diffs(),
                Until.EVERY_TEST)));
        if (solutionByCheck()) {
            place.copies().layOutSolution(lesson, solutionDir());
            checks.put(solutionDir().resolve("check"), new Check(new ExerciseFiles(solutionDir(), lesson), Until.EVERY_TEST));
        }
        if (!wrongAnswersOnly) {
            checks.put(stubDir(), new Check(new ExerciseFiles(place.root(), lesson), Until.EVERY_TEST));
        }
        wrongLaidOut = new LinkedHashMap<>();
        // A wrong answer is judged by the failure a learner is shown first: its check stops once that is known.
        wrong.forEach(answer -> wrongLaidOut.put(answer, layOut(copyOf("wrong-answers", answer.name()), answer.diffs(),
                Until.FIRST_FAILURE_KNOWN)));
        // A lesson that holds the nodes runs beside the DynamoDB lessons only (see LessonPool), its
        // next check not prepared ahead: its races and frozen node get as much of the machine as they can.
        runInTurn(clusterUse() != ClusterUse.HELD);
        judge();
        if (!unexpected.isEmpty()) {
            gradedAgain = unexpected.size();
            // A busy machine can hide a race or slow a test past its limit: what grading decides is what
            // the check gives with no other check beside it, as before lessons were graded at once.
            place.turns().alone(() -> unexpected.forEach((dir, why) -> {
                place.log().printf("%n== lesson %s: %s graded again, alone, as beside another lesson's check it %s%n",
                        lesson.number(), place.root().relativize(dir), why);
                results.put(dir, checks.get(dir).run(dir));
            }));
            judge();
        }
    }

    /**
     * The build's modules test on one node, which leaves out a lesson that needs several (see the
     * solutions module's pom): its reference solution is graded here instead, by a check on three nodes.
     */
    private boolean solutionByCheck() {
        return !wrongAnswersOnly && solution.total() == 0 && clusterUse() == ClusterUse.HELD;
    }

    private Path solutionDir() {
        return copyOf("solution", lesson.id());
    }

    private Path stubDir() {
        return place.work().resolve("stubs");
    }

    /** The figures and problems of the results at hand. */
    private void judge() {
        problems.clear();
        unexpected.clear();
        if (!wrongAnswersOnly) {
            solved = gradeSolution();
            otherDesigns = gradeRightAnswers(rightLaidOut);
            stubbed = gradeStub(results.get(stubDir()));
        }
        caught = gradeWrongAnswers(wrongLaidOut);
    }

    private Path copyOf(String corpus, String answer) {
        return place.work().resolve(corpus).resolve(lesson.number()).resolve(answer);
    }

    /** Lays out a learner's copy (see {@link LearnerCopies#layOut}) and plans its check; else why it could not be made. */
    private Optional<String> layOut(Path copy, List<Path> diffs, Until until) {
        long started = System.nanoTime();
        Optional<String> unapplied = place.copies().layOut(lesson, copy, diffs);
        if (unapplied.isEmpty()) {
            checks.put(copy.resolve("check"), new Check(new ExerciseFiles(copy, lesson), until));
            copyTimes.put(copy.resolve("check"), millisSince(started));
        }
        return unapplied;
    }

    /**
     * Runs the checks one after another, each in its turn beside other lessons' checks, in one test JVM
     * while each ends cleanly (see {@link LessonJvm}); ahead: each one's lesson compiles, and the first
     * one's JVM starts, while the one before runs.
     */
    private void runInTurn(boolean ahead) {
        try (LessonJvm jvm = new LessonJvm()) {
            runInTurn(ahead, jvm);
        }
    }

    private void runInTurn(boolean ahead, LessonJvm jvm) {
        List<Map.Entry<Path, Check>> planned = List.copyOf(checks.entrySet());
        LessonCheck.Ahead next = null;
        for (int i = 0; i < planned.size(); i++) {
            Path dir = planned.get(i).getKey();
            LessonCheck.Ahead now = next != null ? next : planned.get(i).getValue().ahead(dir, jvm);
            next = ahead && i + 1 < planned.size() ? planned.get(i + 1).getValue().ahead(planned.get(i + 1).getKey(), jvm) : null;
            long asked = System.nanoTime();
            long[] started = {asked};
            LessonCheck.Result result = place.turns().beside(() -> {
                started[0] = System.nanoTime();
                return now.run();
            });
            results.put(dir, result);
            long run = millisSince(started[0]);
            times.add(CheckTimes.of(lesson.number() + " " + place.work().relativize(dir), copyTimes.getOrDefault(dir, 0L),
                    (started[0] - asked) / 1_000_000, run, dir.resolve(lesson.id())));
        }
    }

    private static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    /** The solutions module's own test run, or the check that stands in for it: every test passes. */
    private String gradeSolution() {
        LessonCheck.Result checked = results.get(solutionDir().resolve("check"));
        if (checked != null) {
            solution = new Counts(checked.passed(), checked.failures().size());
            judgeRight(checked).ifPresent(why -> {
                problems.add("lesson " + lesson.number() + ": the reference solution, checked here, " + why);
                unexpected.put(solutionDir().resolve("check"), why);
            });
        } else if (solution.total() == 0) {
            problems.add("lesson " + lesson.number() + " ran no tests against its solution");
        } else if (solution.failed() > 0) {
            problems.add("lesson " + lesson.number() + ": " + solution.failed() + " test(s) fail against the reference"
                    + " solution (see solutions/target/surefire-reports)");
        }
        return solution.passed() + " of " + solution.total();
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
        return judgeRight(results.get(copyOf("right-answers", answer.name()).resolve("check")));
    }

    private static Optional<String> judgeRight(LessonCheck.Result result) {
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
        place.log().printf("%n== lesson %s, %s: first failure %s%n%s%n", lesson.number(), answer.name(), first, message);
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

    private static String oneLine(String message) {
        return oneLine(message, 300);
    }

    private static String oneLine(String message, int most) {
        String flat = message.replaceAll("\\s+", " ").strip();
        return flat.length() > most ? flat.substring(0, most) + "..." : flat;
    }

    /** One check to run: the learner's copy, and how far its tests run. */
    private record Check(ExerciseFiles files, Until until) {
        LessonCheck.Ahead ahead(Path workDir, LessonJvm jvm) {
            return LessonCheck.ahead(files, workDir, until, jvm);
        }

        LessonCheck.Result run(Path workDir) {
            return LessonCheck.run(files, workDir, until);
        }
    }
}
