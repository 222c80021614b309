package workshop.kit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One background process the workshop manages (a Cassandra node, the DynamoDB emulator, the warm
 * grading JVM): its start with a readiness check and retries, its bounded stop, and who owns it. It runs
 * with a marker on its command line, {@code KEY=FOLDER}, and its pid is kept in FOLDER/pid. The
 * folder decides who owns a process: one under this checkout's state folder is ours whatever its
 * name; one whose folder's pid file points back at it belongs to the checkout that folder is in and
 * is never touched; any other is abandoned (its checkout forgot it or is gone).
 */
public final class ManagedProcess {

    /** How long a forced stop (SIGKILL) may take before the wait gives up and names the pid. */
    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(15);

    private final String name;
    private final String markerKey;
    private final Path folder;

    /** name is what messages call it ("node2"); markerKey the property the marker sets. */
    public ManagedProcess(String name, String markerKey, Path folder) {
        this.name = name;
        this.markerKey = markerKey;
        this.folder = folder.toAbsolutePath().normalize();
    }

    /** The command-line marker, without the -D or -X a JVM or Python puts in front of it. */
    public String marker() {
        return markerKey + "=" + folder;
    }

    private Path pidFile() {
        return folder.resolve("pid");
    }

    /** The live process behind the pid file, if it still carries the marker (a reused pid does not). */
    public Optional<ProcessHandle> running() {
        return readPid(pidFile()).flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
                .filter(p -> markedFolder(p, markerKey).filter(folder::equals).isPresent());
    }

    /** Launches the process and records its pid; the builder's command must carry {@link #marker()}. */
    public ProcessHandle launch(ProcessBuilder builder) {
        try {
            Files.createDirectories(folder);
            Process process = builder.start();
            Files.writeString(pidFile(), Long.toString(process.pid()));
            return process.toHandle();
        } catch (IOException e) {
            throw new WorkshopException("Cannot start " + name + ": " + e.getMessage(),
                    "./jbang doctor says what is missing", e);
        }
    }

    /**
     * Launches the process and waits until it is ready. A death the policy recognises is said in
     * one line and launched again while that cause has attempts left; any other ending (no
     * readiness in time, a death no attempt cures) throws one Problem: what happened, with the
     * end of the log where it explains itself, and the fix.
     */
    public ProcessHandle start(Supplier<ProcessBuilder> attempt, StartPolicy policy) {
        int[] retried = new int[policy.causes().size()];
        while (true) {
            long logStart = policy.logs().get(0).length();
            ProcessHandle process = launch(attempt.get());
            String what = name + " (pid " + process.pid() + ")";
            if (awaitReady(process, policy.readiness(), policy.timeout(), policy.interval())) {
                return process;
            }
            if (process.isAlive()) {
                terminate(process, Duration.ZERO, name);
                throw new WorkshopException(what + " did not " + policy.readiness().what() + " within "
                        + policy.timeout().toSeconds() + " s. The end of its log:\n" + policy.tail(25), policy.timeoutFix());
            }
            Optional<StartPolicy.Death> death = policy.diagnose(policy.logs().get(0).since(logStart));
            if (death.isEmpty()) {
                throw new WorkshopException(name + " stopped while starting. The end of its log:\n" + policy.tail(25),
                        policy.deathFix());
            }
            int cause = death.get().cause();
            int retries = policy.causes().get(cause).retries();
            StartPolicy.Diagnosis why = death.get().diagnosis();
            if (retried[cause] == retries) {
                throw new WorkshopException(why.giveUp().orElseGet(() -> new Problem(name + " stopped while starting ("
                        + why.why() + (retries > 0 ? ", tried " + (retries + 1) + " times" : "") + "). The end of its log:\n"
                        + policy.tail(25), policy.deathFix())), null);
            }
            retried[cause]++;
            System.err.printf("%s stopped at start: %s; retry %d of %d.%n", name, why.why(), retried[cause], retries);
        }
    }

    /**
     * Waits until the process is ready, checking every interval up to the limit; false when it
     * ended first or the limit passed (then alive or not tells which).
     */
    public boolean awaitReady(ProcessHandle process, StartPolicy.Readiness readiness, Duration limit, Duration interval) {
        boolean settled = Poll.until(name + " (pid " + process.pid() + ") to " + readiness.what(), limit).every(interval)
                .tryAwait(() -> !process.isAlive() || readiness.check().getAsBoolean());
        return settled && process.isAlive();
    }

    /** Stops our process, if it runs; true when one was running. Grace zero kills at once. */
    public boolean stop(Duration grace) {
        Optional<ProcessHandle> process = running();
        process.ifPresent(p -> terminate(p, grace, name));
        return process.isPresent();
    }

    /**
     * Asks the process to stop (SIGTERM), forces it (SIGKILL) after the grace period, and waits a
     * bounded time for it to go; a process that outlives that is named with its pid.
     */
    public static void terminate(ProcessHandle process, Duration grace, String name) {
        String what = name + " (pid " + process.pid() + ") to stop";
        if (!grace.isZero()) {
            process.destroy();
            if (Poll.until(what, grace).every(Duration.ofMillis(200)).tryAwait(() -> !process.isAlive())) {
                return;
            }
        }
        process.destroyForcibly();
        Poll.until(what, KILL_TIMEOUT).every(Duration.ofMillis(100))
                .await(() -> !process.isAlive(), "kill -9 " + process.pid() + ", then retry");
    }

    /** Who a marked process belongs to, from the folder its marker names. */
    public enum Owner { OURS, ELSEWHERE, ABANDONED }

    /** A live process carrying a marker: its folder and who owns it. */
    public record Marked(ProcessHandle process, Path folder, Owner owner) {
        public long pid() {
            return process.pid();
        }
    }

    /** Every live process carrying markerKey, classified against this checkout's state folder. */
    public static List<Marked> marked(String markerKey, Path stateDir) {
        Path ours = stateDir.toAbsolutePath().normalize();
        return ProcessHandle.allProcesses().flatMap(p -> markedFolder(p, markerKey)
                        .map(dir -> new Marked(p, dir, owner(dir, p.pid(), ours, f -> readPid(f.resolve("pid")))))
                        .stream())
                .toList();
    }

    /** The ownership rule, kept free of real processes so it can be tested. */
    static Owner owner(Path folder, long pid, Path stateDir, Function<Path, Optional<Long>> pidInFolder) {
        if (folder.startsWith(stateDir)) {
            return Owner.OURS;
        }
        return pidInFolder.apply(folder).filter(p -> p == pid).isPresent() ? Owner.ELSEWHERE : Owner.ABANDONED;
    }

    /** The folder named by the process's marker, read from its exact arguments where the OS gives them. */
    static Optional<Path> markedFolder(ProcessHandle process, String markerKey) {
        return folderIn(arguments(process), markerKey);
    }

    /**
     * A process's arguments as exactly as the OS gives them: a long command line (a JVM's class path)
     * comes only as its first 4 KB split at spaces, so what identifies a process goes before it.
     */
    public static List<String> arguments(ProcessHandle process) {
        ProcessHandle.Info info = process.info();
        return info.arguments().map(List::of)
                .or(() -> info.commandLine().map(c -> List.of(c.split("\\s+"))))
                .orElse(List.of());
    }

    static Optional<Path> folderIn(List<String> args, String markerKey) {
        String key = markerKey + "=";
        for (String arg : args) {
            int at = arg.indexOf(key);
            if (at >= 0 && (at == 0 || arg.startsWith("-D"))) {
                try {
                    return Optional.of(Path.of(arg.substring(at + key.length())).toAbsolutePath().normalize());
                } catch (RuntimeException notAPath) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** The pid a pid file names, if it holds one. */
    public static Optional<Long> readPid(Path pidFile) {
        try {
            return Optional.of(Long.parseLong(Files.readString(pidFile).trim()));
        } catch (IOException | NumberFormatException noPid) {
            return Optional.empty();
        }
    }
}
