package workshop.runner;

import java.io.File;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import workshop.kit.ManagedProcess;
import workshop.kit.Platform;
import workshop.kit.StartPolicy;
import workshop.kit.Workshop;

/**
 * The runner's end of the warm socket: adopts the test JVM an earlier check left waiting (test
 * engine loaded, cluster sessions open, compiler warm) and, after a check, leaves one for the next.
 * A warm JVM serves exactly one check and exits ({@link WarmJvmServer} is its end), so the learner's
 * classes are always loaded fresh and a test past the limit still ends with its JVM. It is this
 * checkout's (pid file and command-line marker in .workshop/check/warm), adopted only when it was
 * started from the same Java, class path and settings; {@code ./jbang down} stops it through the
 * kit's copy of this folder and marker ({@code ClusterTool.warmGrader()}; a test keeps them the same).
 */
final class WarmJvmClient {

    /** The system property that marks the process as this checkout's warm grading JVM. */
    private static final String MARKER_KEY = "workshop.grading";
    /** How long a JVM that just started may take to open its socket. */
    private static final Duration SOCKET_WAIT = Duration.ofSeconds(10);
    private static final String KEY_PROPERTY = "workshop.grading.key";
    /** The settings a grading JVM takes from the environment: one started with others is not adopted. */
    private static final List<String> SETTINGS = List.of("WORKSHOP_", "CASSANDRA_", "DYNAMODB_", "AWS_");

    private WarmJvmClient() {}

    /** The warm JVM of this checkout, connected to, if one waits and fits this runner; else empty. */
    static Optional<TestJvmHandle> adopt(Path log) {
        ManagedProcess warm = process();
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
            return Optional.of(TestJvmHandle.connected(waiting.get(), SocketStreams.input(channel), SocketStreams.output(channel), log));
        } catch (IOException | RuntimeException taken) {
            return Optional.empty(); // another check took it a moment ago, or it left: start one as usual
        }
    }

    /**
     * Leaves a JVM warming up for the next check of this checkout, unless one already waits; it
     * warms the compiler on the lesson just checked.
     */
    static void leave(ExerciseFiles files, boolean cassandra) {
        ManagedProcess warm = process();
        if (warm.running().filter(p -> adoptable(ManagedProcess.arguments(p), key())).isPresent() && Files.exists(socket())) {
            return;
        }
        List<String> command = TestJvmHandle.command(List.of("-D" + warm.marker(), "-D" + KEY_PROPERTY + "=" + key()));
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

    static Path folder() {
        return Workshop.stateDir().resolve("check/warm");
    }

    static ManagedProcess process() {
        return new ManagedProcess("the warm grading JVM", MARKER_KEY, folder());
    }

    private static Path socket() {
        return folder().resolve("socket");
    }

    /** This runner's key: a warm JVM started with another one is not adopted. */
    static String key() {
        return key(System.getProperty("java.home"), System.getProperty("java.class.path"), System.getenv(), WarmJvmClient::stamp);
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

}
