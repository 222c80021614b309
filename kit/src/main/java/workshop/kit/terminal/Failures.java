package workshop.kit.terminal;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import workshop.kit.Problem;
import workshop.kit.Workshop;
import workshop.kit.WorkshopException;

/**
 * The one place a failure becomes what a learner reads: what happened and the command that fixes
 * it, in lines that fit the terminal; the stack trace goes to a log file, never to the screen.
 * Lessons and tools run their body through {@link #guard}.
 */
public final class Failures {

    /** Lines a learner reads stay within this many columns: 100, or the terminal's width when narrower. */
    public static final int COLUMNS = TerminalWidth.columns();

    /** A lesson's or tool's body. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    /** The driver's timeouts, by name: this package does not depend on the driver. */
    private static final Set<String> TIMEOUTS = Set.of("ReadTimeoutException", "WriteTimeoutException",
            "DriverTimeoutException");

    private Failures() {}

    /** Runs the body; any failure is reported in a few lines and ends the JVM with exit code 1. */
    public static void guard(Body body) {
        try {
            body.run();
        } catch (Throwable failure) {
            report(failure, System.err);
            System.exit(1);
        }
    }

    /** Prints the failure as a learner should see it and keeps the details in the log file. */
    public static void report(Throwable failure, PrintStream out) {
        Problem problem = explain(failure);
        Optional<Path> log = writeLog(failure);
        out.println();
        Story.wrap("Problem: " + problem.what(), COLUMNS).forEach(out::println);
        Story.wrap("Fix: " + problem.fix(), COLUMNS).forEach(out::println);
        log.ifPresent(path -> out.println("Details: " + Workshop.root().relativize(path)));
    }

    /** What happened and what to do, for our own exceptions and the ones a store's client throws. */
    public static Problem explain(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof WorkshopException known) {
                return known.problem();
            }
            if (t.getClass().getName().equals(RefusedStatement.UNAUTHORIZED)) {
                return RefusedStatement.explain(String.valueOf(t.getMessage()));
            }
        }
        String type = failure.getClass().getName();
        String message = Optional.ofNullable(failure.getMessage()).map(m -> m.lines().findFirst().orElse(""))
                .orElse(failure.getClass().getSimpleName());
        if (type.startsWith("com.datastax.oss.driver")) {
            if (TIMEOUTS.contains(failure.getClass().getSimpleName())) {
                // Every node running but one too slow to answer: on a laptop, almost always other programs.
                return new Problem("A node did not answer in time (" + failure.getClass().getSimpleName() + ": "
                        + shorten(message) + "); " + load() + ".",
                        "rerun once the machine is less busy (uptime shows its load); ./jbang status shows each node");
            }
            return new Problem("The Cassandra cluster did not answer as expected ("
                    + failure.getClass().getSimpleName() + ": " + shorten(message) + ").",
                    "./jbang status shows each node; ./jbang up restarts a stopped node with its data");
        }
        if (type.startsWith("software.amazon.awssdk")) {
            return new Problem("DynamoDB did not answer as expected (" + failure.getClass().getSimpleName() + ": "
                    + shorten(message) + ").", "./jbang status shows the emulator; ./jbang doctor says what is wrong");
        }
        return new Problem("Stopped by " + failure.getClass().getSimpleName() + ": " + shorten(message),
                "rerun the command; if it fails again, the log file below has the details");
    }

    private static String load() {
        OperatingSystemMXBean system = ManagementFactory.getOperatingSystemMXBean();
        double load = system.getSystemLoadAverage();
        return load < 0 ? "the machine may be busy"
                : String.format("the load average is %.1f on %d cores", load, system.getAvailableProcessors());
    }

    private static String shorten(String message) {
        return message.length() <= 160 ? message : message.substring(0, 157) + "...";
    }

    private static Optional<Path> writeLog(Throwable failure) {
        try {
            Path log = Workshop.stateDir().resolve("logs").resolve("last-failure.log");
            Files.createDirectories(log.getParent());
            StringWriter trace = new StringWriter();
            try (PrintWriter writer = new PrintWriter(trace)) {
                writer.println(Instant.now());
                failure.printStackTrace(writer);
            }
            Files.writeString(log, trace.toString());
            return Optional.of(log);
        } catch (IOException | RuntimeException noLog) {
            return Optional.empty();
        }
    }
}
