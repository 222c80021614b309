package workshop.runner;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import workshop.kit.ManagedProcess;
import workshop.kit.Poll;
import workshop.kit.tools.JavaSources;

/**
 * The test JVM's end of the warm socket: a {@link TestJvm} started with --serve opens it, waits for
 * the one runner it serves ({@link WarmJvmClient} is the other end), and leaves by itself after
 * {@link #IDLE_LIMIT} or as soon as a newer warm JVM has taken its place in the pid file.
 */
final class WarmJvmServer {

    /** How long a warm JVM waits for a check before it exits by itself. */
    static final Duration IDLE_LIMIT = Duration.ofMinutes(15);
    /** A JVM is started before its pid is written: until then a missing pid file does not send it away. */
    private static final Duration PID_FILE_GRACE = Duration.ofSeconds(30);

    private WarmJvmServer() {}

    /**
     * Opens the socket a runner will connect to, then watches, until a runner comes, whether the JVM
     * should leave: idle too long, or no longer the one this checkout's pid file names.
     */
    static ServerSocketChannel listen(Path socket) throws IOException {
        Files.createDirectories(socket.getParent());
        Files.deleteIfExists(socket);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        long started = System.nanoTime();
        Path pidFile = socket.resolveSibling("pid");
        Thread watch = new Thread(() -> {
            while (Poll.sleep(Duration.ofSeconds(1))) {
                Duration waited = Duration.ofNanos(System.nanoTime() - started);
                if (shouldLeave(waited, IDLE_LIMIT, ManagedProcess.readPid(pidFile), ProcessHandle.current().pid()) && CLAIM.take()) {
                    deleteQuietly(socket);
                    Runtime.getRuntime().halt(0);
                }
            }
        }, "warm-grading-idle");
        watch.setDaemon(true);
        watch.start();
        return server;
    }

    /** Whoever comes first, a runner or the reason to leave, has the JVM; the other finds it taken. */
    private static final Claim CLAIM = new Claim();

    /** Waits for the one runner this JVM serves; the socket is gone once it came, so no second one connects. */
    static SocketChannel awaitRunner(ServerSocketChannel server, Path socket) throws IOException {
        SocketChannel runner = server.accept();
        server.close();
        if (!CLAIM.take()) {
            Runtime.getRuntime().halt(0); // leaving at this very moment; the runner starts a JVM of its own
        }
        deleteQuietly(socket);
        return runner;
    }

    /** Ends this JVM when the runner closes its side before the check ended (stopped with Ctrl-C). */
    static void endWhenClosed(BufferedReader commands) {
        Thread watch = new Thread(() -> {
            try {
                while (commands.read() >= 0) {
                    // the runner sends nothing more; only the end of the stream matters
                }
            } catch (IOException closed) {
                // the same: the runner is gone
            }
            Runtime.getRuntime().halt(1);
        }, "warm-grading-runner");
        watch.setDaemon(true);
        watch.start();
    }

    /** Compiles the given sources once into a scratch folder, so that the compiler is loaded and warm. */
    static void warmCompiler(String sources) {
        try {
            Path scratch = Files.createTempDirectory("workshop-warm-compile");
            JavaSources.compile(Stream.of(sources.split(File.pathSeparator)).map(Path::of).toList(), scratch);
            try (Stream<Path> files = Files.walk(scratch)) {
                files.sorted(Comparator.reverseOrder()).forEach(WarmJvmServer::deleteQuietly);
            }
        } catch (IOException | RuntimeException notWarmed) {
            // a colder compile later, nothing worse
        }
    }

    /**
     * Whether a waiting JVM should exit: it waited the idle limit, or the pid file names another
     * process (a newer warm JVM took its place), or, after a grace period, names none at all.
     */
    static boolean shouldLeave(Duration waited, Duration idleLimit, Optional<Long> pidInFile, long self) {
        if (waited.compareTo(idleLimit) >= 0) {
            return true;
        }
        return pidInFile.map(pid -> pid != self).orElse(waited.compareTo(PID_FILE_GRACE) >= 0);
    }

    /** Taken once: by the runner that connects or by the JVM's own leaving, whichever comes first. */
    static final class Claim {
        private final AtomicBoolean taken = new AtomicBoolean();

        boolean take() {
            return taken.compareAndSet(false, true);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // left for the next listen, which deletes it first
        }
    }
}
