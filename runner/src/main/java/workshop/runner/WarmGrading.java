package workshop.runner;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Stream;
import workshop.kit.ManagedProcess;
import workshop.kit.Platform;
import workshop.kit.Poll;
import workshop.kit.StartPolicy;
import workshop.kit.tools.JavaSources;

/**
 * The warm path of {@code ./jbang check}: when a check ends, one grading JVM is left waiting in the
 * background (test engine loaded, cluster sessions open, compiler warm), and the next check of this
 * checkout adopts it instead of starting one. It serves exactly one check and exits, so the
 * learner's classes are always loaded fresh and a test past the limit still ends with its JVM. It
 * is this checkout's ({@link WarmGrader}: pid file and command-line marker), adopted only when it
 * was started from the same Java, class path and settings, and it leaves by itself after
 * {@link #IDLE_LIMIT} or as soon as a newer one has taken its place; {@code ./jbang down} stops it.
 */
final class WarmGrading {

    /** How long a warm JVM waits for a check before it exits by itself. */
    static final Duration IDLE_LIMIT = Duration.ofMinutes(15);
    /** How long a JVM that just started may take to open its socket. */
    private static final Duration SOCKET_WAIT = Duration.ofSeconds(10);
    /** A JVM is started before its pid is written: until then a missing pid file does not send it away. */
    private static final Duration PID_FILE_GRACE = Duration.ofSeconds(30);
    private static final String KEY_PROPERTY = "workshop.grading.key";
    /** The settings a grading JVM takes from the environment: one started with others is not adopted. */
    private static final List<String> SETTINGS = List.of("WORKSHOP_", "CASSANDRA_", "DYNAMODB_", "AWS_");

    private WarmGrading() {}

    // ---- the runner's side ----

    /** The warm JVM of this checkout, connected to, if one waits and fits this runner; else empty. */
    static Optional<GradingProcess> adopt(Path log) {
        ManagedProcess warm = WarmGrader.process();
        Optional<ProcessHandle> waiting = warm.running();
        if (waiting.isEmpty()) {
            return Optional.empty();
        }
        if (!adoptable(ManagedProcess.arguments(waiting.get()), key())) {
            warm.stop(Duration.ZERO); // ours, but started by another version of the runner or other settings
            return Optional.empty();
        }
        Path socket = socket();
        // A JVM just started (by a check that ended a moment ago) may not have opened its socket yet.
        StartPolicy.Readiness listening = new StartPolicy.Readiness("open its socket", () -> Files.exists(socket));
        if (!warm.awaitReady(waiting.get(), listening, SOCKET_WAIT, Duration.ofMillis(50))) {
            return Optional.empty();
        }
        try {
            SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket));
            return Optional.of(GradingProcess.connected(waiting.get(), input(channel), output(channel), log));
        } catch (IOException | RuntimeException taken) {
            return Optional.empty(); // another check took it a moment ago, or it left: start one as usual
        }
    }

    /**
     * Leaves a JVM warming up for the next check of this checkout, unless one already waits; it
     * warms the compiler on the lesson just checked.
     */
    static void leave(ExerciseFiles files, boolean cassandra) {
        ManagedProcess warm = WarmGrader.process();
        if (warm.running().filter(p -> adoptable(ManagedProcess.arguments(p), key())).isPresent() && Files.exists(socket())) {
            return;
        }
        List<String> command = GradingProcess.command(List.of("-D" + warm.marker(), "-D" + KEY_PROPERTY + "=" + key()));
        command.addAll(List.of("--serve", socket().toString(), "--warm-compile",
                String.join(File.pathSeparator, files.sourcesToCompile().stream().map(Path::toString).toList())));
        if (cassandra) {
            command.add("--cassandra");
        }
        File nowhere = Platform.nullDevice();
        warm.launch(new ProcessBuilder(command).directory(files.root().toFile())
                .redirectInput(nowhere).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD));
    }

    private static Path socket() {
        return WarmGrader.folder().resolve("socket");
    }

    /** This runner's key: a warm JVM started with another one is not adopted. */
    static String key() {
        return key(System.getProperty("java.home"), System.getProperty("java.class.path"), System.getenv(), WarmGrading::stamp);
    }

    /**
     * What a grading JVM must share with the runner that adopts it: the Java it runs on, its class
     * path and the state of every entry on it (a rebuilt runner is a new one), and the workshop's
     * settings from the environment (namespace, cluster, emulator).
     */
    static String key(String javaHome, String classPath, Map<String, String> env, Function<String, String> stampOfEntry) {
        StringBuilder text = new StringBuilder(javaHome).append('\n');
        for (String entry : classPath.split(File.pathSeparator)) {
            text.append(entry).append(' ').append(stampOfEntry.apply(entry)).append('\n');
        }
        new TreeMap<>(env).forEach((name, value) -> {
            if (SETTINGS.stream().anyMatch(name::startsWith)) {
                text.append(name).append('=').append(value).append('\n');
            }
        });
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java has SHA-256", e);
        }
    }

    private static String stamp(String entry) {
        File file = new File(entry);
        return file.lastModified() + ":" + file.length();
    }

    /** Whether a process started with these arguments was started for a runner with this key. */
    static boolean adoptable(List<String> arguments, String key) {
        return arguments.contains("-D" + KEY_PROPERTY + "=" + key);
    }

    // ---- the warm JVM's side ----

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
                files.sorted(Comparator.reverseOrder()).forEach(WarmGrading::deleteQuietly);
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

    // Streams over the channel that read and write directly: the JDK's Channels streams share one
    // lock for both directions, so a thread blocked reading would stop the other from writing.

    static InputStream input(SocketChannel channel) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                return length == 0 ? 0 : channel.read(ByteBuffer.wrap(bytes, offset, length));
            }
        };
    }

    static OutputStream output(SocketChannel channel) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
        };
    }
}
