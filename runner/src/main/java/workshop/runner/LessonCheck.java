//DEPS org.junit:junit-bom:5.14.4@pom
//DEPS org.junit.jupiter:junit-jupiter:5.14.4
//DEPS org.junit.platform:junit-platform-launcher:1.14.4
//DEPS com.fasterxml.jackson.core:jackson-databind:2.13.5
//DEPS org.jline:jline-terminal:3.24.1
package workshop.runner;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.tools.JavaSources;

/**
 * Grades one lesson: compiles only that lesson's sources (so another lesson's compile error
 * cannot stop it) and runs its tests in a JVM of their own ({@link TestJvm}), with a time
 * limit per test. A test that passes the limit is stopped for real: its JVM is killed and the
 * tests not yet run continue in a fresh one. Failures come back ranked, the most instructive first:
 * by task (the test's tag, see {@link TestTags}), so the learner works task by task, then by kind.
 */
public final class LessonCheck {

    private static final Duration FALLBACK_LIMIT = Duration.ofSeconds(60);
    /** The limit per test, read from the one file that defines it for Maven too. */
    static final Duration TEST_TIME_LIMIT = timeLimit(Path.of("exercises/src/test/resources/junit-platform.properties"));
    /** How long a fresh test JVM may take to load and connect before the check gives up on it. */
    private static final Duration STARTUP_LIMIT = Duration.ofSeconds(90);
    /** Bounds how often one check restarts its JVM (each restart follows a test that hit the limit). */
    private static final int MAX_RESTARTS = 10;

    /** How long a test may run, how long a fresh test JVM may take to start, and how often one check may start another. */
    record Limits(Duration test, Duration startup, int restarts) {
        static final Limits CHECK = new Limits(TEST_TIME_LIMIT, STARTUP_LIMIT, MAX_RESTARTS);
    }

    /**
     * One failed test (or class setup): its name, what the learner reads, its kind, JUnit's id of
     * it and the task it belongs to (0 outside an exercise in tasks).
     */
    public record Failure(String test, String message, Kind kind, String id, int task) {
        private static final Pattern SOURCE = Pattern.compile("\\[class:(?:[\\w$]*\\.)*([\\w$]+)\\]/\\[(?:method|test-template):(\\w+)\\(");

        /** "TestClass.method" for a test method (whatever its display name), else the display name. */
        public String source() {
            Matcher source = SOURCE.matcher(id);
            return source.find() ? source.group(1) + "." + source.group(2) : test;
        }
    }

    /** One test that passed: JUnit's id of it and the task it belongs to (0 outside an exercise in tasks). */
    public record Passed(String id, int task) {}

    /**
     * A check's outcome: the tests that passed, and the failures, ranked (by task, then
     * {@link Kind}); {@link #firstFailure()} is the one the runner shows. Diagrams: the drawings
     * of the designs the tests checked, oldest first (see {@link workshop.testkit.DesignDiagrams}).
     * Measured: each call the tests held to a cost bound that it kept, as its trace measured it.
     * A check run {@link Until#FIRST_FAILURE_KNOWN} holds what ran until then: its first failure is
     * the one every test would have given, its counts are not.
     */
    public record Result(List<Passed> passedTests, List<Failure> failures, List<String> compileErrors,
                         List<String> leftThreads, Duration took, List<Path> diagrams, List<CheckMessage.Measured> measured) {

        public Result(List<Passed> passedTests, List<Failure> failures, List<String> compileErrors, List<String> leftThreads,
                      Duration took) {
            this(passedTests, failures, compileErrors, leftThreads, took, List.of(), List.of());
        }

        /** The drawing of the last design the tests checked, if they drew one. */
        public Optional<Path> diagram() {
            return diagrams.isEmpty() ? Optional.empty() : Optional.of(diagrams.get(diagrams.size() - 1));
        }

        public int passed() {
            return passedTests.size();
        }

        public boolean compiled() {
            return compileErrors.isEmpty();
        }

        public boolean allPassed() {
            return compiled() && failures.isEmpty() && passed() > 0;
        }

        public Optional<Failure> firstFailure() {
            return failures.stream().findFirst();
        }

        /** True when some cost could not be measured and no real failure decides the grade: rerun. */
        public boolean withheld() {
            return !failures.isEmpty() && failures.stream().allMatch(f -> f.kind() == Kind.UNMEASURED);
        }
    }

    private LessonCheck() {}

    /** A test JVM for this lesson, started now so it warms up while something else happens (compiling, waiting). */
    static TestJvmHandle prepare(ExerciseFiles files, Path workDir) {
        return TestJvmHandle.start(log(files, workDir), usesCassandra(files), false);
    }

    /** Where a check's test JVM writes the learner's output (the timeline.log beside it). */
    static Path log(ExerciseFiles files, Path workDir) {
        return workDir.resolve(files.lesson().id()).resolve("output.log");
    }

    /** Whether the lesson's tests use Cassandra: else its test JVM opens no session to it. */
    public static boolean usesCassandra(ExerciseFiles files) {
        return files.sourcesToCompile().stream().filter(p -> p.startsWith(files.testDir())).anyMatch(LessonCheck::usesCassandra);
    }

    /** Runs the check as far as until says (see {@link Until}): with every test, a learner's check. */
    public static Result run(ExerciseFiles files, Path workDir, Until until) {
        return run(files, workDir, prepare(files, workDir), until);
    }

    /**
     * A check whose lesson compiles now, on a thread of its own, in the test JVM the lesson's checks
     * take in turn (started now for its first check): both are done while the caller is busy with
     * something else (grading runs the check before it meanwhile); {@link Ahead#run} grades, as
     * {@link #run} does, with the classes compiled ahead.
     */
    public static Ahead ahead(ExerciseFiles files, Path workDir, Until until, LessonJvm jvm) {
        jvm.startAhead(files, workDir);
        return new Ahead(files, workDir, until, compileAhead(files, workDir), () -> jvm.take(files, workDir), jvm::keep);
    }

    private static FutureTask<List<String>> compileAhead(ExerciseFiles files, Path workDir) {
        FutureTask<List<String>> compiled = new FutureTask<>(() -> JavaSources.compile(files.sourcesToCompile(), classes(files, workDir)));
        Thread compiling = new Thread(compiled, "compile-ahead-" + files.lesson().id());
        compiling.setDaemon(true);
        compiling.start();
        return compiled;
    }

    /** A check with its lesson compiling and its test JVM started or to be taken (see {@link #ahead}); it is run once. */
    public static final class Ahead {
        private final ExerciseFiles files;
        private final Path workDir;
        private final Until until;
        private final FutureTask<List<String>> compiled;
        private final Supplier<TestJvmHandle> jvm;
        private final Consumer<TestJvmHandle> ended;

        private Ahead(ExerciseFiles files, Path workDir, Until until, FutureTask<List<String>> compiled, Supplier<TestJvmHandle> jvm,
                      Consumer<TestJvmHandle> ended) {
            this.files = files;
            this.workDir = workDir;
            this.until = until;
            this.compiled = compiled;
            this.jvm = jvm;
            this.ended = ended;
        }

        public Result run() {
            return LessonCheck.run(files, workDir, jvm.get(), until, this::compileErrors, jvm, ended);
        }

        /** What compiling ahead gave: the errors, none when it compiled. */
        private List<String> compileErrors() {
            try {
                return compiled.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while the lesson compiled", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("Compiling the lesson failed: " + e.getCause(), e.getCause());
            }
        }
    }

    private static Path classes(ExerciseFiles files, Path workDir) {
        return workDir.resolve(files.lesson().id()).resolve("classes");
    }

    /**
     * Grades with the given test JVM (see {@link #prepare}, {@link WarmJvmClient#adopt}); it is used up.
     * A fresh JVM warms up while the lesson compiles here; an adopted one, already warm, compiles it
     * itself, with a compiler that is warm too.
     */
    static Result run(ExerciseFiles files, Path workDir, TestJvmHandle given, Until until) {
        return run(files, workDir, given, until, () -> JavaSources.compile(files.sourcesToCompile(), classes(files, workDir)),
                () -> prepare(files, workDir), TestJvmHandle::kill);
    }

    /**
     * As {@link #run(ExerciseFiles, Path, TestJvmHandle, Until)}; a fresh JVM's lesson is compiled by compile (maybe ahead),
     * a JVM the check needs next comes from fresh, and one that ended its part cleanly is handed to ended.
     */
    private static Result run(ExerciseFiles files, Path workDir, TestJvmHandle given, Until until, Supplier<List<String>> compile,
                              Supplier<TestJvmHandle> fresh, Consumer<TestJvmHandle> ended) {
        long started = System.nanoTime();
        Path classes = classes(files, workDir);
        TestJvmHandle first = given;
        if (first.adopted() && !first.awaitReady(STARTUP_LIMIT)) {
            first.kill(); // it left (idle) or another check took it: as without one
            first = fresh.get();
        }
        List<Path> compileThere = first.adopted() ? files.sourcesToCompile() : List.of();
        if (!first.adopted()) {
            List<String> errors = compile.get();
            if (!errors.isEmpty()) {
                ended.accept(first); // it ran nothing
                return new Result(List.of(), List.of(), errors, List.of(), Duration.ofNanos(System.nanoTime() - started));
            }
        }
        Outcomes outcomes = grade(first, fresh, classes, compileThere, Limits.CHECK, until, ended);
        if (!outcomes.compileErrors.isEmpty()) {
            return new Result(List.of(), List.of(), outcomes.compileErrors, List.of(), Duration.ofNanos(System.nanoTime() - started));
        }
        if (outcomes.failures.stream().anyMatch(f -> f.kind() == Kind.SCHEMA_CHANGED)) {
            // the keyspace is rebuilt now
            outcomes = grade(fresh.get(), fresh, classes, List.of(), Limits.CHECK, until, ended);
        }
        return new Result(List.copyOf(outcomes.passed), rank(outcomes.failures), List.of(), outcomes.left,
                Duration.ofNanos(System.nanoTime() - started), List.copyOf(outcomes.diagrams), List.copyOf(outcomes.measured));
    }

    /** The most instructive first: task by task, and within a task by {@link Kind}. */
    static List<Failure> rank(List<Failure> failures) {
        return failures.stream().sorted(Comparator.comparingInt(Failure::task).thenComparing(Failure::kind)).toList();
    }

    /**
     * Runs the tests in the first JVM, compiling first in it when given sources; a JVM stopped at
     * the limit, or ended by the code it ran, is followed by a fresh one, which skips what ran.
     */
    static Outcomes grade(TestJvmHandle first, Supplier<TestJvmHandle> fresh, Path classes, List<Path> sources, Limits limits,
                          Until until) {
        return grade(first, fresh, classes, sources, limits, until, TestJvmHandle::kill);
    }

    /** As above; the last JVM goes to ended when it ended its run cleanly (a reusable one serves the next check), else is killed. */
    private static Outcomes grade(TestJvmHandle first, Supplier<TestJvmHandle> fresh, Path classes, List<Path> sources, Limits limits,
                                  Until until, Consumer<TestJvmHandle> ended) {
        Outcomes outcomes = new Outcomes(limits, until);
        TestJvmHandle child = first;
        List<Path> compile = sources;
        for (int restarts = 0; outcomes.follow(child, classes, compile) && restarts < limits.restarts(); restarts++) {
            child = fresh.get();
            compile = List.of();
        }
        if (outcomes.endedCleanly && child.alive()) {
            ended.accept(child);
        } else {
            child.kill();
        }
        return outcomes;
    }

    private static boolean usesCassandra(Path test) {
        try {
            return Files.readString(test).contains("CassandraExtension");
        } catch (IOException e) {
            return true;
        }
    }

    /** The tests' outcomes, gathered from one test JVM after another. */
    static final class Outcomes {
        private final Limits limits;
        private final Until until;
        final List<Passed> passed = new ArrayList<>();
        final List<Failure> failures = new ArrayList<>();
        final List<String> left = new ArrayList<>();
        final List<String> compileErrors = new ArrayList<>();
        final List<Path> diagrams = new ArrayList<>();
        final List<CheckMessage.Measured> measured = new ArrayList<>();
        /** Tests and classes that ended (or were stopped), so a fresh JVM skips them. */
        final List<String> done = new ArrayList<>();
        /** Whether the last JVM followed said its run ended (not killed, not gone). */
        boolean endedCleanly;

        Outcomes(Limits limits, Until until) {
            this.limits = limits;
            this.until = until;
        }

        /** Reads one test JVM to its end; true when it had to be stopped and the rest needs a fresh one. */
        boolean follow(TestJvmHandle child, Path classes, List<Path> sources) {
            endedCleanly = false;
            child.run(classes, sources, until, done);
            Deque<CheckMessage.Started> open = new ArrayDeque<>();
            boolean warm = child.ready();
            while (true) {
                Optional<CheckMessage> next = child.next(warm ? limits.test() : limits.startup());
                if (next.isEmpty() && !warm) {
                    child.kill(); // no test ran: the machine, not the learner's code, was too slow
                    failures.add(new Failure("the check", "the test JVM did not start within " + limits.startup().toSeconds()
                            + " s", Kind.UNMEASURED, "-", 0));
                    return false;
                }
                if (next.isEmpty()) {
                    child.kill();
                    return blame(open, "took longer than " + limits.test().toSeconds() + " s and was stopped: an endless"
                            + " loop, or a wait that never ends?");
                }
                CheckMessage message = next.get();
                if (message instanceof CheckMessage.Ready) {
                    warm = true;
                } else if (message instanceof CheckMessage.Started started) {
                    open.push(started);
                } else if (message instanceof CheckMessage.Passed test) {
                    ended(open, test.id());
                    if (test.test()) {
                        passed.add(new Passed(test.id(), test.task()));
                    }
                } else if (message instanceof CheckMessage.Failed test) {
                    ended(open, test.id());
                    failures.add(new Failure(test.name(), test.message(), test.kind(), test.id(), test.task()));
                } else if (message instanceof CheckMessage.Left threads) {
                    left.add(threads.threads());
                } else if (message instanceof CheckMessage.Measured figure) {
                    measured.add(figure);
                } else if (message instanceof CheckMessage.Diagram diagram) {
                    diagrams.add(diagram.drawing());
                } else if (message instanceof CheckMessage.CompileErrors errors) {
                    compileErrors.addAll(errors.errors());
                } else if (message instanceof CheckMessage.End) {
                    endedCleanly = true;
                    return false;
                } else if (message instanceof CheckMessage.Gone) {
                    return blame(open, "ended the test JVM (System.exit, or it ran out of memory)");
                }
            }
        }

        private void ended(Deque<CheckMessage.Started> open, String id) {
            open.removeIf(started -> started.id().equals(id));
            done.add(id);
        }

        /** The test that was running when the JVM had to go fails with why; true: run the rest in a fresh JVM. */
        private boolean blame(Deque<CheckMessage.Started> open, String why) {
            if (open.isEmpty()) {
                failures.add(new Failure("the check", "the test JVM " + why, Kind.ANSWER, "-", 0));
                return false;
            }
            CheckMessage.Started running = open.peek();
            done.add(running.id());
            failures.add(new Failure(running.name(), why, Kind.ANSWER, running.id(), running.task()));
            return true;
        }
    }

    private static Duration timeLimit(Path properties) {
        Properties values = new Properties();
        try (Reader reader = Files.newBufferedReader(workshop.kit.Workshop.root().resolve(properties))) {
            values.load(reader);
        } catch (IOException | RuntimeException missing) {
            return FALLBACK_LIMIT;
        }
        Matcher seconds = Pattern.compile("(\\d+)\\s*s").matcher(values.getProperty("junit.jupiter.execution.timeout.default", ""));
        return seconds.matches() ? Duration.ofSeconds(Long.parseLong(seconds.group(1))) : FALLBACK_LIMIT;
    }
}
