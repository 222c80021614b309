package workshop.room.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import workshop.kit.WorkshopException;

/**
 * One check run as a learner runs it, in a process of its own, bounded in time: its exit code,
 * the grade it wrote (an older one is deleted first, so a grade read is this check's) and how long
 * it took. The runner is only ever a process here: its output goes to a log, read by nobody but a
 * person looking into a check that broke.
 *
 * @param exit the check's exit code; {@link #STOPPED} when it outlived its limit and was stopped
 */
record CheckRun(int exit, Optional<GradeFile> grade, long millis, Path log) {

    static final int STOPPED = -1;

    /** Runs command in dir with the extra environment, its output in log; the grade is read from report. */
    static CheckRun run(List<String> command, Path dir, Map<String, String> env, Path report, Path log, Duration limit) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        builder.redirectOutput(log.toFile());
        long started = System.nanoTime();
        try {
            Files.deleteIfExists(report);
            Process process = builder.start();
            boolean ended = process.waitFor(limit.toSeconds(), TimeUnit.SECONDS);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            long millis = (System.nanoTime() - started) / 1_000_000;
            Optional<GradeFile> grade = ended && Files.exists(report) ? Optional.of(GradeFile.read(report)) : Optional.empty();
            return new CheckRun(ended ? process.exitValue() : STOPPED, grade, millis, log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CheckRun(STOPPED, Optional.empty(), (System.nanoTime() - started) / 1_000_000, log);
        }
    }

    /** The grade, when the check wrote one that agrees with its exit code. */
    Optional<GradeFile> agreedGrade() {
        return grade.filter(g -> g.exitCode() == exit);
    }

    /** The log's last line a person would want (jbang's "Run with --verbose" advice skipped). */
    String lastLine() {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.startsWith("[jbang] Run with")).toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        } catch (IOException | UncheckedIOException unreadable) {
            return "(no log: " + unreadable.getMessage() + ")";
        }
    }

    /**
     * The learner's runner as a command (java, the options, its class path, its main), built by jbang
     * from tools/runner.java once, before any clock starts: a check's time is grading, not a build.
     */
    static List<String> builtRunner(Path root, List<String> jvmOptions) {
        jbang(root, "build", "tools/runner.java");
        List<String> classPath = jbang(root, "info", "classpath", "tools/runner.java");
        if (classPath.isEmpty()) {
            throw new WorkshopException("./jbang info classpath tools/runner.java printed nothing.", "run it to see why");
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return Stream.of(List.of(java), jvmOptions, List.of("-cp", classPath.get(classPath.size() - 1), "runner"))
                .flatMap(List::stream).toList();
    }

    /** ./jbang with these arguments in root: what it printed, or a failure with the end of what it said. */
    static List<String> jbang(Path root, String... args) {
        List<String> command = Stream.concat(Stream.of(root.resolve("jbang").toString()), Stream.of(args)).toList();
        try {
            Process process = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
            List<String> out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            if (process.waitFor() != 0) {
                throw new WorkshopException("./jbang " + String.join(" ", args) + " failed in " + root + ": "
                        + String.join(" / ", out.subList(Math.max(0, out.size() - 5), out.size())),
                        "run ./jbang " + String.join(" ", args) + " there to see why");
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkshopException("Interrupted while ./jbang " + String.join(" ", args) + " ran.", "run it again");
        }
    }
}
