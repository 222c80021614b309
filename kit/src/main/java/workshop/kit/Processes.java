package workshop.kit;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * One background process the workshop manages (a Cassandra node, the DynamoDB emulator). It runs
 * with a marker on its command line, {@code KEY=FOLDER}, and its pid is kept in FOLDER/pid. The
 * folder decides who owns a process: one under this checkout's state folder is ours whatever its
 * name; one whose folder's pid file points back at it belongs to the checkout that folder is in and
 * is never touched; any other is abandoned (its checkout forgot it or is gone).
 */
public final class Processes {

    /** The one place the workshop asks which platform it runs on. */
    public static final boolean WINDOWS = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    /** How long a forced stop (SIGKILL) may take before the wait gives up and names the pid. */
    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(15);

    private final String name;
    private final String markerKey;
    private final Path folder;

    /** name is what messages call it ("node2"); markerKey the property the marker sets. */
    public Processes(String name, String markerKey, Path folder) {
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

    /** Starts the process and records its pid; the builder's command must carry {@link #marker()}. */
    public ProcessHandle start(ProcessBuilder builder) {
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

    private static Optional<Long> readPid(Path pidFile) {
        try {
            return Optional.of(Long.parseLong(Files.readString(pidFile).trim()));
        } catch (IOException | NumberFormatException noPid) {
            return Optional.empty();
        }
    }

    /**
     * Takes an exclusive lock on the file, waiting at most the timeout; the holder's pid is written in
     * the file so a waiting command can say whose start it waits for.
     */
    public static Held lock(Path file, Duration timeout) {
        try {
            Files.createDirectories(file.getParent());
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            Optional<FileLock> lock = tryLock(channel);
            if (lock.isEmpty()) {
                String holder = "the start in pid " + Files.readString(file).trim();
                System.err.println("Waiting for " + holder + " (another lesson, check or test run)...");
                lock = Poll.until(holder, timeout).every(Duration.ofMillis(500)).tryGet(() -> tryLock(channel));
                if (lock.isEmpty()) {
                    channel.close();
                    throw new WorkshopException("Waited " + timeout.toSeconds() + " s for " + holder + ", in vain.",
                            "./jbang status shows what runs; stop that command, then retry");
                }
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8)), 0);
            FileLock held = lock.get();
            return () -> unlock(held);
        } catch (IOException e) {
            throw new WorkshopException("Cannot lock " + file + ": " + e.getMessage(), "check that the folder is writable", e);
        }
    }

    /** A lock held until closed. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    private static void unlock(FileLock lock) {
        try (FileChannel channel = lock.channel()) {
            lock.release();
        } catch (IOException alreadyClosed) {
            // the lock goes with the channel either way
        }
    }

    private static Optional<FileLock> tryLock(FileChannel channel) {
        try {
            return Optional.ofNullable(channel.tryLock());
        } catch (OverlappingFileLockException sameJvm) {
            return Optional.empty();
        } catch (IOException e) {
            throw new WorkshopException("Cannot take a file lock: " + e.getMessage(), "check that .workshop is writable", e);
        }
    }

    public static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 300);
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    /** Resident memory from /proc on Linux; 0 where the platform does not expose it this way. */
    public static long rssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException notLinux) {
            // fall through
        }
        return 0;
    }

    /** The last lines of a log file, indented, or empty when there is no such file or it is empty. */
    public static Optional<String> tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return all.isEmpty() ? Optional.empty()
                    : Optional.of(log + ":\n    " + String.join("\n    ", all.subList(Math.max(0, all.size() - lines), all.size())));
        } catch (IOException missing) {
            return Optional.empty();
        }
    }
}
