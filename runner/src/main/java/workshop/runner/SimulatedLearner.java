package workshop.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import workshop.kit.lessons.Lesson;

/**
 * One learner of the room load test: a copy of the exercises of their own (some lessons solved with
 * the reference solution, the others left as stubs), a namespace of their own, and ./jbang check
 * run as a learner runs it, in a JVM of its own, against the shared cluster.
 */
final class SimulatedLearner {

    /** What one check came to, as the learner's terminal showed it. */
    enum Outcome { PASSED, FAILED, WITHHELD, BROKE }

    record Check(String learner, Lesson lesson, boolean solved, Outcome outcome, boolean recorded, long millis) {
        /** A solved lesson that did not pass, or a stub that did; a withheld grade is neither. */
        boolean falseResult() {
            return outcome == Outcome.BROKE || (solved ? outcome == Outcome.FAILED : outcome == Outcome.PASSED);
        }
    }

    /** A check that takes this long is stopped and counted as broken: the test stays bounded. */
    private static final long CHECK_LIMIT_SECONDS = 600;

    final String namespace;
    private final Path home;
    private final List<Lesson> solved;

    private SimulatedLearner(String namespace, Path home, List<Lesson> solved) {
        this.namespace = namespace;
        this.home = home;
        this.solved = solved;
    }

    /** Copies the exercises (and the reference solutions of the solved lessons) under scratch/namespace. */
    static SimulatedLearner prepare(Path root, Path scratch, String namespace, List<Lesson> solved) {
        Path home = scratch.resolve(namespace);
        try {
            copyTree(root.resolve("exercises"), home.resolve("exercises"));
            Files.copy(root.resolve("jbang-catalog.json"), home.resolve("jbang-catalog.json"), StandardCopyOption.REPLACE_EXISTING);
            for (Lesson lesson : solved) {
                ExerciseFiles theirs = new ExerciseFiles(home, lesson);
                for (Path solution : ExerciseFiles.javaFiles(new ExerciseFiles(root, lesson).solutionDir()).toList()) {
                    Files.copy(solution, theirs.learnerDir().resolve(solution.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new SimulatedLearner(namespace, home, solved);
    }

    /** Runs ./jbang check for the lesson as this learner, in the room; how it ended and how long it took. */
    Check check(Lesson lesson, String room) {
        Path report = home.resolve("grade-" + lesson.number() + ".json");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), Runner.class.getName(), "check", lesson.number(),
                "--report", report.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("WORKSHOP_HOME", home.toString());
        env.put("WORKSHOP_NAMESPACE", namespace);
        env.put("WORKSHOP_ROOM", room);
        Path log = home.resolve("check-" + lesson.number() + ".log");
        builder.redirectOutput(log.toFile());
        long started = System.nanoTime();
        try {
            Files.deleteIfExists(report);
            Process process = builder.start();
            boolean ended = process.waitFor(CHECK_LIMIT_SECONDS, TimeUnit.SECONDS);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            long millis = (System.nanoTime() - started) / 1_000_000;
            // Read as data: the exit code and the grade this very check wrote (an older one was deleted first).
            Optional<Grade> grade = ended && Files.exists(report) ? Optional.of(Grade.read(report)) : Optional.empty();
            Outcome outcome = grade.filter(g -> g.exitCode() == process.exitValue())
                    .map(g -> switch (g.status()) {
                        case PASSED -> Outcome.PASSED;
                        case WITHHELD -> Outcome.WITHHELD;
                        case FAILED -> Outcome.FAILED;
                        case DOES_NOT_COMPILE -> Outcome.BROKE;
                    }).orElse(Outcome.BROKE);
            if (outcome == Outcome.BROKE) {
                Files.copy(log, home.resolve("broke-" + lesson.number() + "-" + started + ".log"));
            }
            boolean recorded = grade.map(g -> "recorded".equals(g.room())).orElse(false);
            return new Check(namespace, lesson, solved.contains(lesson), outcome, recorded, millis);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Check(namespace, lesson, solved.contains(lesson), Outcome.BROKE, false, (System.nanoTime() - started) / 1_000_000);
        }
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
