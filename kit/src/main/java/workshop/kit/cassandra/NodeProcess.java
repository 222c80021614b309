package workshop.kit.cassandra;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.Processes;

/** Starts, finds and stops one node's JVM, identified by the pid file and marker flag it carries. */
final class NodeProcess {

    static final String MARKER_PREFIX = "-Dworkshop.cassandra.node=";

    private NodeProcess() {}

    static ProcessHandle launch(NodeSpec node, Path yaml, Path java, String classpath, int heapMb) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("-Xms256m"); // the heap grows only as far as a lesson needs it
        command.add("-Xmx" + heapMb + "m");
        command.addAll(NodeConfig.jvmFlags());
        command.addAll(List.of(
                node.marker(),
                "-Dcassandra.config=" + yaml.toUri(),
                "-Dlogback.configurationFile=" + node.dir().resolve("logback.xml").toUri(),
                "-Dcassandra-foreground=yes",
                "-Dcassandra.jmx.local.port=" + node.jmxPort(),
                "-Dcassandra.ring_delay_ms=100",
                "-Dcassandra.skip_wait_for_gossip_to_settle=0",
                "-Dcassandra.superuser_setup_delay_ms=0",
                "-Dcassandra.storagedir=" + node.dir().toAbsolutePath(),
                "-cp", classpath,
                "org.apache.cassandra.service.CassandraDaemon"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(node.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(node.consoleFile().toFile());
        if (!ServerRuntime.isWindows()) {
            builder.redirectInput(new File("/dev/null"));
        }
        try {
            Process process = builder.start();
            Files.writeString(node.pidFile(), Long.toString(process.pid()));
            return process.toHandle();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + node.name(), e);
        }
    }

    /** The live process of this node, if its pid file points at a process that carries its marker. */
    static Optional<ProcessHandle> running(NodeSpec node) {
        return Processes.fromPidFile(node.pidFile(), node.marker());
    }

    /**
     * Orphaned node processes: they carry our marker, but the folder it names has no pid file
     * pointing back at them (an earlier run whose state was deleted, a crashed lesson, a removed
     * checkout). Nodes that another checkout still manages are not orphans.
     */
    static List<ProcessHandle> leftovers(List<NodeSpec> ours) {
        List<Long> known = ours.stream().map(NodeProcess::running).flatMap(Optional::stream)
                .map(ProcessHandle::pid).toList();
        return ProcessHandle.allProcesses()
                .filter(p -> carries(p, MARKER_PREFIX))
                .filter(p -> !known.contains(p.pid()))
                .filter(p -> !managedElsewhere(p))
                .toList();
    }

    private static boolean managedElsewhere(ProcessHandle process) {
        String commandLine = process.info().commandLine().orElse("");
        int at = commandLine.indexOf(MARKER_PREFIX);
        if (at < 0) {
            return false;
        }
        String dir = commandLine.substring(at + MARKER_PREFIX.length()).split("\\s")[0];
        try {
            return Files.readString(Path.of(dir, "pid")).trim().equals(Long.toString(process.pid()));
        } catch (IOException | RuntimeException noPidFile) {
            return false;
        }
    }

    private static boolean carries(ProcessHandle process, String marker) {
        return Processes.carries(process, marker);
    }

    static void stop(ProcessHandle process, Duration grace) {
        Processes.stop(process, grace);
    }

    static boolean listening(int port) {
        return Processes.listening(port);
    }

    /** The last lines of the node's log, where a failed start explains itself. */
    static String logTail(NodeSpec node, int lines) {
        return Processes.tail(node.logFile(), lines).or(() -> Processes.tail(node.consoleFile(), lines))
                .orElse("(no log written at " + node.logFile() + ")");
    }
}
