package workshop.kit;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What the embedded stores (Cassandra nodes, the DynamoDB emulator) share as background
 * processes: recognising ours by a marker on the command line, stopping them, asking whether a
 * loopback port answers, their memory and the end of their logs.
 */
public final class Processes {

    private Processes() {}

    /** The live process behind a pid file, if it still carries our marker (a reused pid does not). */
    public static Optional<ProcessHandle> fromPidFile(Path pidFile, String marker) {
        try {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> carries(p, marker));
        } catch (IOException | NumberFormatException noPid) {
            return Optional.empty();
        }
    }

    public static boolean carries(ProcessHandle process, String marker) {
        return process.info().commandLine().map(cmd -> cmd.contains(marker))
                .or(() -> process.info().arguments().map(args -> List.of(args).stream().anyMatch(a -> a.contains(marker))))
                .orElse(false);
    }

    /** Asks politely (SIGTERM), then forces after the grace period. */
    public static void stop(ProcessHandle process, Duration grace) {
        process.destroy();
        try {
            process.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception stillRunning) {
            process.destroyForcibly();
            process.onExit().join();
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
