package workshop.kit.cassandra;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.Processes;

/** Starts and finds one node's JVM, a managed process marked with its folder. */
final class NodeProcess {

    /**
     * Bounds how long a joining node waits for the seed's gossip answer (the shadow round waits
     * twice this, asking again every 5 s). It ends as soon as the seed answers, so a quiet machine
     * pays nothing; a busy one gets 20 s instead of one second. No other start-up step of a node
     * that does not bootstrap waits for it.
     */
    static final int RING_DELAY_MS = 10_000;

    /** Causes of a failed start that a second attempt cures: the seed answered too late. */
    private static final List<String> RETRYABLE = List.of("Unable to gossip with any peers", "Unable to contact any seeds");

    private static final Pattern STORAGE_PORT_IN_USE = Pattern.compile(":(\\d+) is in use by another process");

    private NodeProcess() {}

    static ProcessHandle launch(NodeSpec node, Path yaml, Path java, String classpath, int heapMb, List<String> properties) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("-Xms256m"); // the heap grows only as far as a lesson needs it
        command.add("-Xmx" + heapMb + "m");
        command.addAll(NodeConfig.jvmFlags());
        command.addAll(List.of(
                "-D" + node.process().marker(),
                "-Dcassandra.config=" + yaml.toUri(),
                "-Dlogback.configurationFile=" + node.dir().resolve("logback.xml").toUri(),
                "-Dcassandra-foreground=yes",
                "-Dcassandra.jmx.local.port=" + node.jmxPort(),
                "-Dcassandra.ring_delay_ms=" + RING_DELAY_MS,
                "-Dcassandra.skip_wait_for_gossip_to_settle=0",
                "-Dcassandra.storagedir=" + node.dir().toAbsolutePath()));
        command.addAll(properties);
        command.addAll(List.of("-cp", classpath,
                "org.apache.cassandra.service.CassandraDaemon"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(node.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(node.consoleFile().toFile()))
                .redirectInput(Path.of("/dev/null").toFile());
        return node.process().start(builder);
    }

    /** The live process of this node, if its pid file points at a process that carries its marker. */
    static Optional<ProcessHandle> running(NodeSpec node) {
        return node.process().running();
    }

    /** Every live node process that carries our marker, with who owns it. */
    static List<Processes.Marked> marked(ClusterLayout layout) {
        return Processes.marked(NodeSpec.MARKER_KEY, layout.home());
    }

    /** The phrase in the log that names a cause a second start cures, if any. */
    static Optional<String> retryableCause(String log) {
        return RETRYABLE.stream().filter(log::contains).findFirst();
    }

    /**
     * The port a start could not listen on, as Cassandra 5.0 logs it: the storage port by address
     * ("/127.0.0.1:7000 is in use by another process"), the JMX port as the RMI registry's
     * BindException. Both were reproduced with a socket bound, not listening, on the port.
     */
    static OptionalInt portInUse(String log, NodeSpec node) {
        Matcher storage = STORAGE_PORT_IN_USE.matcher(log);
        if (storage.find()) {
            return OptionalInt.of(Integer.parseInt(storage.group(1)));
        }
        return log.contains("BindException: Address already in use") && log.contains("RMIServerSocketFactory")
                ? OptionalInt.of(node.jmxPort()) : OptionalInt.empty();
    }

    /** Where the node's log ends now, so a later read sees only what one start wrote. */
    static long logLength(NodeSpec node) {
        return node.logFile().toFile().length();
    }

    /** The node's log from an offset on (what one start wrote). */
    static String logSince(NodeSpec node, long offset) {
        try (RandomAccessFile file = new RandomAccessFile(node.logFile().toFile(), "r")) {
            long length = file.length();
            if (offset >= length) {
                return "";
            }
            byte[] bytes = new byte[(int) Math.min(length - offset, 4 << 20)];
            file.seek(length - bytes.length);
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException noLog) {
            return "";
        }
    }

    /** The last lines of the node's log, where a failed start explains itself. */
    static String logTail(NodeSpec node, int lines) {
        return Processes.tail(node.logFile(), lines).or(() -> Processes.tail(node.consoleFile(), lines))
                .orElse("(no log written at " + node.logFile() + ")");
    }
}
