package workshop.room.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;
import workshop.kit.Poll;
import workshop.kit.Workshop;
import workshop.kit.WorkshopException;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.LessonFiles;
import workshop.kit.lessons.Lessons;
import workshop.kit.terminal.Failures;

/**
 * tools/room-load --grade-under-load: one learner on a busy machine. In a scratch clone of the
 * committed state (this checkout is never touched), every stub must fail its check and every
 * reference solution, copied over its stub, must pass ROUNDS times out of ROUNDS, while bounded
 * CPU-only busy processes (and, with --busy-cluster PORT, a second clone running lessons on a
 * cluster of its own) compete for the CPU. A grade withheld because a cost could not be measured
 * is counted apart: it is neither a false pass nor a false failure, and the learner is told to
 * rerun. Exits 0 without a false result, 1 with one, 2 on an option it does not know.
 */
final class GradeUnderLoad {

    static final String USAGE = "Usage: tools/room-load --grade-under-load [--lessons \"01 02\"] [--rounds 3] [--busy N]"
            + " [--busy-cluster PORT]";

    /** Each busy process ends by itself after an hour, even if this JVM is killed hard. */
    private static final List<String> BUSY = List.of("timeout", "3600", "sh", "-c", "while :; do :; done");
    /** The second clone's lessons, in a loop until the end; its start is part of the load. */
    private static final String BUSY_CLUSTER = "./jbang up >busy.log 2>&1; while :; do for l in lesson00 lesson01 lesson02;"
            + " do ./jbang \"$l\" >>busy.log 2>&1 || true; done; done";
    /** Far above the slowest check measured under load (416 s): a check still running then is stopped. */
    private static final Duration CHECK_LIMIT = Duration.ofMinutes(30);

    record Options(List<Lesson> lessons, int rounds, int busy, OptionalInt busyCluster, Path scratch) {
        static Options parse(List<String> args) {
            List<Lesson> lessons = Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent()
                    && Files.isDirectory(new LessonFiles(Workshop.root(), l).stubs())).toList();
            int rounds = 3;
            int busy = Runtime.getRuntime().availableProcessors() * 2;
            OptionalInt busyCluster = OptionalInt.empty();
            Path scratch = null;
            for (int i = 0; i < args.size(); i += 2) {
                String value = i + 1 < args.size() ? args.get(i + 1) : "";
                switch (args.get(i)) {
                    case "--lessons" -> lessons = Stream.of(value.trim().split("[ ,]+")).map(Lessons::require).toList();
                    case "--rounds" -> rounds = Integer.parseInt(value);
                    case "--busy" -> busy = Integer.parseInt(value);
                    case "--busy-cluster" -> busyCluster = OptionalInt.of(Integer.parseInt(value));
                    case "--scratch" -> scratch = Path.of(value);
                    default -> throw new IllegalArgumentException("Unknown option " + args.get(i) + ".");
                }
            }
            if (scratch == null) {
                throw new IllegalArgumentException("--scratch names a folder to work in (tools/room-load gives one).");
            }
            return new Options(lessons, rounds, busy, busyCluster, scratch);
        }
    }

    private final Options options;
    private final Path graded;
    private final List<Process> busy = new ArrayList<>();
    private int falseFailures;
    private int falsePasses;
    private int withheld;
    private int noGrade;

    private GradeUnderLoad(Options options) {
        this.options = options;
        this.graded = options.scratch().resolve("graded");
    }

    static void main(List<String> args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException | WorkshopException wrong) {
            System.err.println(wrong.getMessage() + " " + USAGE);
            System.exit(2);
            return;
        }
        Failures.guard(() -> System.exit(new GradeUnderLoad(options).run()));
    }

    private int run() throws InterruptedException {
        Runtime.getRuntime().addShutdownHook(new Thread(this::cleanUp));
        Path root = Workshop.root();
        must(root, Map.of(), "git", "clone", "-q", root.toString(), graded.toString());
        // Built before the clock starts: a check's time is grading, not jbang's first build.
        try {
            CheckRun.jbang(graded, "build", "tools/runner.java");
        } catch (WorkshopException failed) {
            System.err.println("Could not build the runner in the scratch clone: " + failed.getMessage());
            return 1;
        }
        for (int i = 0; i < options.busy(); i++) {
            busy.add(start(new ProcessBuilder(BUSY).redirectOutput(ProcessBuilder.Redirect.DISCARD)));
        }
        if (options.busyCluster().isPresent()) {
            Path other = options.scratch().resolve("busy");
            must(root, Map.of(), "git", "clone", "-q", root.toString(), other.toString());
            ProcessBuilder lessons = new ProcessBuilder("sh", "-c", BUSY_CLUSTER).directory(other.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true);
            lessons.environment().putAll(busyClusterEnv());
            busy.add(start(lessons));
            Poll.sleep(Duration.ofSeconds(60)); // lets its nodes start: the start itself is part of the load
        }
        System.out.println("load: " + options.busy() + " busy process(es)" + options.busyCluster().stream()
                .mapToObj(port -> ", a second cluster on " + port + " running lessons").findFirst().orElse("")
                + "; load average " + RoomLoad.loadAverage());
        for (Lesson lesson : options.lessons()) {
            check(lesson, false);
            try {
                SimulatedLearner.solve(graded, graded, lesson);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (int round = 0; round < options.rounds(); round++) {
                check(lesson, true);
            }
            must(graded, Map.of(), "git", "checkout", "-q", "--", "lessons", "exercises");
        }
        System.out.println("load average at the end: " + RoomLoad.loadAverage() + "; grades withheld (rerun asked): " + withheld
                + "; stub checks that ended without a grade: " + noGrade);
        System.out.println("false failures: " + falseFailures + ", false passes: " + falsePasses);
        return falseFailures == 0 && falsePasses == 0 ? 0 : 1;
    }

    /** One check of the lesson, its stub or its solution; prints one line and counts a false result. */
    private void check(Lesson lesson, boolean solved) {
        String what = solved ? "solution" : "stub";
        String name = "check-" + lesson.number() + "-" + (solved ? "pass" : "fail");
        Path report = options.scratch().resolve(name + ".json");
        CheckRun run = CheckRun.run(List.of(graded.resolve("jbang").toString(), "check", lesson.number(), "--report",
                report.toString()), graded, Map.of("WORKSHOP_NAMESPACE", namespace()), report,
                options.scratch().resolve(name + ".log"), CHECK_LIMIT);
        String took = String.format("%.1f", run.millis() / 1000.0);
        // The grade as data: exit 0 passed, 1 failed, 3 withheld (rerun asked), 4 does not compile.
        String counts = run.grade().map(GradeFile::counts).orElse("");
        String prefix = "  " + lesson.number() + " " + what + ": ";
        if (run.grade().isEmpty() && !solved) {
            // Not a pass, so not a false pass; but not a grade either: counted and shown.
            noGrade++;
            System.out.println(prefix + "NO GRADE, " + took + " s: " + run.lastLine());
        } else if (run.exit() == 3) {
            withheld++;
            System.out.println(prefix + "withheld (rerun asked) " + counts + ", " + took + " s");
        } else if (solved && run.exit() != 0) {
            falseFailures++;
            System.out.println(prefix + "FALSE FAILURE, " + took + " s: " + (counts.isEmpty() ? run.lastLine() : counts));
            run.grade().ifPresent(g -> {
                String first = g.firstTest().orElse("-") + " " + g.firstMessage().orElse("-").replace("\n", " ");
                System.out.println("      " + first.substring(0, Math.min(300, first.length())));
            });
        } else if (!solved && run.exit() == 0) {
            falsePasses++;
            System.out.println(prefix + "FALSE PASS, " + took + " s: " + counts);
        } else {
            System.out.println(prefix + "as expected, " + took + " s: " + counts);
        }
    }

    private static String namespace() {
        String set = System.getenv("WORKSHOP_NAMESPACE");
        return set == null || set.isBlank() ? "gradeload" : set;
    }

    private Map<String, String> busyClusterEnv() {
        return Map.of("WORKSHOP_CASSANDRA_PORT", Integer.toString(options.busyCluster().orElseThrow()), "WORKSHOP_NAMESPACE", "busy");
    }

    /** The busy processes stopped, and each clone's cluster, if it started one of its own (none ran on its ports). */
    private void cleanUp() {
        for (Process process : busy) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        quietly(graded, Map.of(), "./jbang", "down");
        if (options.busyCluster().isPresent()) {
            quietly(options.scratch().resolve("busy"), busyClusterEnv(), "./jbang", "down");
        }
    }

    private static Process start(ProcessBuilder builder) {
        try {
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a command to its end; one that fails stops this run with its exit code. */
    private static void must(Path dir, Map<String, String> env, String... command) throws InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).inheritIO();
        builder.environment().putAll(env);
        int exit = start(builder).waitFor();
        if (exit != 0) {
            throw new WorkshopException(String.join(" ", command) + " exited with " + exit + " in " + dir + ".",
                    "run it there to see why");
        }
    }

    private static void quietly(Path dir, Map<String, String> env, String... command) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true);
            builder.environment().putAll(env);
            start(builder).waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (UncheckedIOException notStarted) {
            // nothing of that clone to stop
        }
    }
}
