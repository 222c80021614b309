package workshop.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import workshop.kit.cassandra.Keyspaces;
import workshop.testkit.CassandraExtension;

/**
 * The runner's handle on one {@link TestJvm} (runs in the runner): starts it, hands it the compiled lesson, and
 * reads its lines with a limit, so a test that never ends is answered by killing the JVM it runs in.
 */
final class TestJvmHandle {

    private final ProcessHandle process;
    private final OutputStream commands;
    private final BlockingQueue<CheckMessage> messages = new LinkedBlockingQueue<>();
    /** Where the learner's output goes, and beside it the timeline: the check's (see {@link #nextCheck}). */
    private Path log;
    private Path timeline;
    private final long started = System.nanoTime();
    /** True for a warm JVM left by an earlier check: it compiles the lesson itself, with a compiler already warm. */
    private final boolean adopted;
    /** How often it said READY (after its warm-up, and a reusable one after each run) and how many runs it was sent. */
    private volatile int readies;
    private volatile int runs;
    /** When each test started and ended, for anyone asking where a check's time went; opened by run. */
    private Writer times;

    private TestJvmHandle(ProcessHandle process, InputStream output, OutputStream commands, Path log, boolean adopted) {
        this.process = process;
        this.commands = commands;
        this.log = log;
        this.timeline = log.resolveSibling("timeline.log");
        this.adopted = adopted;
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    note(line);
                    CheckMessage.decode(line).ifPresent(message -> {
                        if (message instanceof CheckMessage.Ready) {
                            readies++; // this thread alone writes it
                        }
                        if (message instanceof CheckMessage.End) {
                            endTimeline(); // what a reusable JVM says next belongs to no check yet
                        }
                        messages.add(message);
                    });
                }
            } catch (IOException ended) {
                // the process was killed; Gone below says so
            }
            messages.add(new CheckMessage.Gone());
        }, "check-process-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts a check JVM on this JVM's class path; it warms up while the caller compiles. A reusable one
     * (grading's, see {@link LessonJvm}) serves check after check, with the same JVM options as a
     * learner's check.
     */
    static TestJvmHandle start(Path log, boolean cassandra, boolean reusable) {
        List<String> command = command(List.of());
        if (cassandra) {
            command.add("--cassandra");
        }
        if (reusable) {
            command.add("--reusable");
        }
        return start(command, log);
    }

    /** Starts a process that speaks as a {@link TestJvm} does, with this command. */
    static TestJvmHandle start(List<String> command, Path log) {
        try {
            Files.createDirectories(log.getParent());
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            return new TestJvmHandle(process.toHandle(), process.getInputStream(), process.getOutputStream(), log, false);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start a JVM to run the tests in", e);
        }
    }

    /** A warm JVM that serves on a socket (see {@link WarmJvmClient}), connected to; it has not said READY yet. */
    static TestJvmHandle connected(ProcessHandle process, InputStream output, OutputStream commands, Path log) {
        return new TestJvmHandle(process, output, commands, log, true);
    }

    /** The java command of a check JVM on this JVM's class path, with the given JVM options; mutable, for its arguments. */
    static List<String> command(List<String> jvmOptions) {
        String namespace = Keyspaces.namespace().orElse("");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Startup, not peak speed, is what a check pays for: C1 only, a small serial heap.
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss1m", "-Xmx512m", "-Xshare:auto",
                "-Dworkshop.namespace=" + namespace,
                // A shared cluster holds every learner's keyspaces: the driver fetches (and refreshes after
                // every schema change) the metadata of the tests' keyspaces in this namespace only.
                "-Ddatastax-java-driver.advanced.metadata.schema.refreshed-keyspaces.0="
                        + CassandraExtension.testKeyspacesFilter()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TestJvm.class.getName()));
        return command;
    }

    boolean adopted() {
        return adopted;
    }

    /** Whether it has said READY since its last run: warmed up (or done with that run), waiting for the next. */
    boolean ready() {
        return readies > runs;
    }

    /** Whether it was sent a run: a reusable one says READY again when that run has ended. */
    boolean servedARun() {
        return runs > 0;
    }

    /** A reusable JVM's next check writes its output (and timeline) here. */
    synchronized void nextCheck(Path checkLog) {
        this.log = checkLog;
        this.timeline = checkLog.resolveSibling("timeline.log");
    }

    /** Waits until it says READY; false when it ended first or the limit passed. */
    boolean awaitReady(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!ready()) {
            Optional<CheckMessage> message = next(Duration.ofNanos(deadline - System.nanoTime()));
            if (message.isEmpty() || message.get() instanceof CheckMessage.Gone) {
                return false;
            }
        }
        return true;
    }

    /**
     * Tells it which classes to run, skipping the tests (or classes) an earlier process already ran;
     * with sources, it compiles them into classes first (only an adopted, warm JVM is asked to).
     */
    void run(Path classes, List<Path> sources, Until until, List<String> skip) {
        try {
            synchronized (this) {
                endTimeline();
                Files.createDirectories(timeline.getParent()); // a warm JVM may grade a lesson never checked here
                times = Files.newBufferedWriter(timeline);
            }
            runs++; // a reusable JVM says READY again once this run has ended
            note(adopted ? "RUN in the warm JVM (pid " + process.pid() + ") left by the last check" : "RUN");
            commands.write((new CheckMessage.Run(log, classes, sources, until, skip).encode() + "\n").getBytes(StandardCharsets.UTF_8));
            commands.flush();
        } catch (IOException e) {
            messages.add(new CheckMessage.Gone());
        }
    }

    private synchronized void endTimeline() {
        if (times != null) {
            try {
                times.close();
            } catch (IOException e) {
                // a timeline cut short: only the profile reads it
            }
            times = null;
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

    /** Its next message, or empty when none came within the limit. */
    Optional<CheckMessage> next(Duration limit) {
        try {
            return Optional.ofNullable(messages.poll(Math.max(1, limit.toMillis()), TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            return Optional.of(new CheckMessage.Gone());
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** Ends it and everything the learner's code started in it. */
    void kill() {
        process.destroyForcibly();
        if (adopted) {
            // Not a child of this JVM: the JDK can only poll for its end, 300 ms at the least, and
            // nothing here depends on it (it served its one check; the next check starts or adopts another).
            return;
        }
        try {
            process.onExit().get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException notYet) {
            // the kill is sent; the caller does not wait longer for it
        }
    }
}
