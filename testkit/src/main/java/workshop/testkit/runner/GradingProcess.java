package workshop.testkit.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import workshop.kit.cassandra.Keyspaces;

/**
 * The runner's side of one {@link CheckProcess}: starts it, hands it the compiled lesson, and
 * reads its lines with a limit, so a test that never ends is answered by killing the JVM it runs in.
 */
final class GradingProcess {

    /** What the child printed when it closed its output without a word: it died. */
    static final String GONE = "GONE";

    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Path timeline;
    private final long started = System.nanoTime();
    /** When each test started and ended, for anyone asking where a check's time went; opened by run. */
    private Writer times;

    private GradingProcess(Process process, Path timeline) {
        this.process = process;
        this.timeline = timeline;
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                    note(line);
                }
            } catch (IOException ended) {
                // the process was killed; GONE below says so
            }
            lines.add(GONE);
        }, "check-process-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts a check JVM on this JVM's class path; it warms up while the caller compiles. */
    static GradingProcess start(Path log, boolean cassandra) {
        String namespace = Keyspaces.namespace().orElse("");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Startup, not peak speed, is what a check pays for: C1 only, a small serial heap.
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss1m", "-Xmx512m", "-Xshare:auto",
                "-Dworkshop.namespace=" + namespace,
                // A shared cluster holds every learner's keyspaces: the driver fetches (and refreshes after
                // every schema change) the metadata of the tests' keyspaces in this namespace only.
                "-Ddatastax-java-driver.advanced.metadata.schema.refreshed-keyspaces.0=/^"
                        + (namespace.isEmpty() ? "" : namespace + "_") + "t_.*/",
                "-cp", System.getProperty("java.class.path"),
                CheckProcess.class.getName(), log.toString()));
        if (cassandra) {
            command.add("--cassandra");
        }
        try {
            Files.createDirectories(log.getParent());
            return new GradingProcess(new ProcessBuilder(command).redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start(), log.resolveSibling("timeline.log"));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start a JVM to run the tests in", e);
        }
    }

    /** Tells it which classes to run, skipping the tests (or classes) an earlier process already ran. */
    void run(Path classes, List<String> skip) {
        try {
            synchronized (this) {
                times = Files.newBufferedWriter(timeline);
            }
            note("RUN");
            Writer in = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
            in.write(classes + (skip.isEmpty() ? "" : "\t" + String.join("\t", skip)) + "\n");
            in.flush();
        } catch (IOException e) {
            lines.add(GONE);
        }
    }

    private synchronized void note(String line) {
        if (times == null) {
            return; // warming up, before its run: the previous check's timeline stays readable
        }
        try {
            times.write(String.format("%7d ms %s%n", (System.nanoTime() - started) / 1_000_000,
                    line.length() > 120 ? line.substring(0, 120) : line));
            times.flush();
        } catch (IOException e) {
            times = null;
        }
    }

    /** Its next line, or empty when none came within the limit. */
    Optional<String> next(Duration limit) {
        try {
            return Optional.ofNullable(lines.poll(Math.max(1, limit.toMillis()), TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            return Optional.of(GONE);
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Ends it and everything the learner's code started in it. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
