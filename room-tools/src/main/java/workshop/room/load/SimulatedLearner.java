package workshop.room.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.LessonFiles;
import workshop.kit.lessons.Lessons;
import workshop.kit.tools.JavaSources;

/**
 * One learner of the room load test: a copy of the exercises of their own (some lessons solved with
 * the reference solution, the others left as stubs), a namespace of their own, and the learner's
 * runner's check run as a learner runs it, in a JVM of its own, against the shared cluster; what
 * it came to is read from the grade it writes.
 */
final class SimulatedLearner {

    /** What one check came to, as its exit code and grade say. */
    enum Outcome { PASSED, FAILED, WITHHELD, BROKE }

    record Check(String learner, Lesson lesson, boolean solved, Outcome outcome, boolean recorded, long millis) {
        /** A solved lesson that did not pass, or a stub that did; a withheld grade is neither. */
        boolean falseResult() {
            return outcome == Outcome.BROKE || (solved ? outcome == Outcome.FAILED : outcome == Outcome.PASSED);
        }
    }

    /** A check that takes this long is stopped and counted as broken: the test stays bounded. */
    static final Duration CHECK_LIMIT = Duration.ofMinutes(10);

    final String namespace;
    private final Path home;
    private final List<Lesson> solved;

    private SimulatedLearner(String namespace, Path home, List<Lesson> solved) {
        this.namespace = namespace;
        this.home = home;
        this.solved = solved;
    }

    /**
     * Copies the exercises (each lesson's stubs, given types and tests, and the bonus's) and the
     * reference solutions of the solved lessons under scratch/namespace.
     */
    static SimulatedLearner prepare(Path root, Path scratch, String namespace, List<Lesson> solved) {
        Path home = scratch.resolve(namespace);
        try {
            copyTree(root.resolve("exercises"), home.resolve("exercises"));
            for (Lesson lesson : Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent()).toList()) {
                LessonFiles from = new LessonFiles(root, lesson);
                LessonFiles to = new LessonFiles(home, lesson);
                copyTree(from.stubs(), to.stubs());
                copyTree(from.given(), to.given());
                copyTree(from.tests(), to.tests());
            }
            Files.copy(root.resolve("jbang-catalog.json"), home.resolve("jbang-catalog.json"), StandardCopyOption.REPLACE_EXISTING);
            for (Lesson lesson : solved) {
                solve(root, home, lesson);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new SimulatedLearner(namespace, home, solved);
    }

    /** Copies the lesson's reference solution from root over the stubs of the checkout at home. */
    static void solve(Path root, Path home, Lesson lesson) throws IOException {
        Path stubs = new LessonFiles(home, lesson).stubs();
        for (Path solution : JavaSources.javaFiles(new LessonFiles(root, lesson).solution()).toList()) {
            Files.copy(solution, stubs.resolve(solution.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Runs the learner's runner (a command from {@link CheckRun#builtRunner}) for the lesson as this
     * learner, in the room; how it ended and how long it took.
     */
    Check check(List<String> runner, Lesson lesson, String room) {
        Path report = home.resolve("grade-" + lesson.number() + ".json");
        List<String> command = new ArrayList<>(runner);
        command.addAll(List.of("check", lesson.number(), "--report", report.toString()));
        long started = System.nanoTime();
        CheckRun run = CheckRun.run(command, home, Map.of("WORKSHOP_HOME", home.toString(), "WORKSHOP_NAMESPACE", namespace,
                "WORKSHOP_ROOM", room), report, home.resolve("check-" + lesson.number() + ".log"), CHECK_LIMIT);
        // Read as data: the exit code and the grade this very check wrote.
        Outcome outcome = run.agreedGrade().map(g -> switch (g.status()) {
            case "passed" -> Outcome.PASSED;
            case "withheld" -> Outcome.WITHHELD;
            case "failed" -> Outcome.FAILED;
            default -> Outcome.BROKE;
        }).orElse(Outcome.BROKE);
        if (outcome == Outcome.BROKE) {
            try {
                Files.copy(run.log(), home.resolve("broke-" + lesson.number() + "-" + started + ".log"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        boolean recorded = run.grade().flatMap(GradeFile::room).map("recorded"::equals).orElse(false);
        return new Check(namespace, lesson, solved.contains(lesson), outcome, recorded, run.millis());
    }

    /** Where this learner's logs are, for a look at a check that broke. */
    Path home() {
        return home;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(f -> !f.toString().contains("/target")).toList()) {
                Path copy = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
