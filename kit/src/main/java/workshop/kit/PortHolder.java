package workshop.kit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Which process holds a local TCP port, read from /proc on Linux: the socket's inode from
 * /proc/net/tcp, then the process whose open files include that socket. Empty elsewhere, or when
 * the holder belongs to another user and its files cannot be read.
 */
public final class PortHolder {

    private PortHolder() {}

    /**
     * "pid 4242 (python3)" for the process whose socket listens on the port or is connected from
     * it; a socket only bound to it is in no table /proc shows (nor in what `ss` shows).
     */
    public static Optional<String> of(int port) {
        return socketInode(port).flatMap(PortHolder::processWith);
    }

    private static Optional<String> socketInode(int port) {
        String local = String.format(Locale.ROOT, ":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try (Stream<String> lines = Files.lines(Path.of(table))) {
                // Columns: slot, local address:port (hex), remote, state, queues, ..., uid, timeout, inode.
                Optional<String> inode = lines.skip(1).map(String::trim).map(line -> line.split("\\s+"))
                        .filter(fields -> fields.length > 9 && fields[1].endsWith(local) && !"0".equals(fields[9]))
                        .map(fields -> fields[9]).findFirst();
                if (inode.isPresent()) {
                    return inode;
                }
            } catch (IOException | RuntimeException notLinux) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Optional<String> processWith(String inode) {
        String socket = "socket:[" + inode + "]";
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes.filter(dir -> dir.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(dir -> holds(dir, socket)).findFirst()
                    .map(dir -> "pid " + dir.getFileName() + " (" + command(dir) + ")");
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private static boolean holds(Path process, String socket) {
        try (Stream<Path> fds = Files.list(process.resolve("fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().equals(socket);
                } catch (IOException closed) {
                    return false;
                }
            });
        } catch (IOException | RuntimeException notOurs) {
            return false;
        }
    }

    private static String command(Path process) {
        try {
            return Files.readString(process.resolve("comm")).trim();
        } catch (IOException gone) {
            return "exited";
        }
    }
}
