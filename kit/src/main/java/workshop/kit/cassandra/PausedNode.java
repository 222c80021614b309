package workshop.kit.cassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import workshop.kit.Poll;

/**
 * One of our nodes frozen with SIGSTOP, as a node looks to its peers when it hangs: its sockets
 * stay open, it answers nothing, and gossip marks it down only once its heartbeats have been
 * missing long enough. {@link #close} sends SIGCONT; so does a JVM shutdown hook, and every
 * lesson's start resumes a node a killed run left frozen ({@link #resumeAny}), so a shared
 * cluster is never left with a node paused. Linux and macOS (the platforms our nodes run on).
 */
public final class PausedNode implements AutoCloseable {

    /** How long a signal may take to show in the process's state before we go on regardless. */
    private static final Duration SETTLE = Duration.ofSeconds(5);

    private final ProcessHandle process;
    private final String name;
    private final Thread resumeOnExit;
    private boolean resumed;

    private PausedNode(ProcessHandle process, String name) {
        this.process = process;
        this.name = name;
        this.resumeOnExit = new Thread(() -> signal(process, "CONT"), "resume " + name);
    }

    /** Freezes the node's process; the caller closes the result (try-with-resources) to resume it. */
    public static PausedNode pause(NodeSpec node) {
        ProcessHandle process = node.process().running().orElseThrow(() -> new ClusterException(
                node.name() + " is not running, so it cannot be paused.", "./jbang up (restarts it with its data)"));
        return pause(process, node.name());
    }

    static PausedNode pause(ProcessHandle process, String name) {
        PausedNode paused = new PausedNode(process, name);
        Runtime.getRuntime().addShutdownHook(paused.resumeOnExit);
        signal(process, "STOP");
        settle(process, true);
        return paused;
    }

    public String name() {
        return name;
    }

    /** Resumes the node (once; a second call does nothing). */
    @Override
    public synchronized void close() {
        if (resumed) {
            return;
        }
        resumed = true;
        signal(process, "CONT");
        settle(process, false);
        try {
            Runtime.getRuntime().removeShutdownHook(resumeOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it sends the same signal
        }
    }

    /** Resumes every node of ours that is frozen (a run killed while it held a node paused); returns them. */
    public static List<String> resumeAny(ClusterLayout layout) {
        return layout.slots().stream().filter(node -> node.process().running().filter(PausedNode::frozen).map(p -> {
            signal(p, "CONT");
            return true;
        }).orElse(false)).map(NodeSpec::name).toList();
    }

    /** Whether the process is stopped by a signal: state T in /proc on Linux, in ps elsewhere. */
    static boolean frozen(ProcessHandle process) {
        Path stat = Path.of("/proc", Long.toString(process.pid()), "stat");
        try {
            if (Files.exists(stat)) {
                String line = Files.readString(stat);
                // pid (command) state ...: the command may hold spaces, so read after its closing parenthesis
                return line.substring(line.lastIndexOf(')') + 2).startsWith("T");
            }
            Process ps = new ProcessBuilder("ps", "-o", "stat=", "-p", Long.toString(process.pid())).start();
            String state = new String(ps.getInputStream().readAllBytes()).trim();
            return state.startsWith("T");
        } catch (IOException | RuntimeException unknown) {
            return false;
        }
    }

    /**
     * Waits until the process shows the state its signal asked for: kill returns once the signal is
     * queued, and on a busy machine the process may be scheduled a while later (seen under CI's load).
     */
    private static void settle(ProcessHandle process, boolean frozen) {
        Poll.until("pid " + process.pid() + (frozen ? " to stop" : " to resume"), SETTLE)
                .every(Duration.ofMillis(10)).tryAwait(() -> !process.isAlive() || frozen(process) == frozen);
    }

    private static void signal(ProcessHandle process, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot send SIG" + signal + " to pid " + process.pid() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while sending SIG" + signal + " to pid " + process.pid(), e);
        }
    }
}
