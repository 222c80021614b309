package workshop.kit.dynamo;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import workshop.kit.Problem;
import workshop.kit.Processes;
import workshop.kit.Workshop;

/**
 * The embedded DynamoDB emulator: moto's server (open source, Apache 2.0) run by Python as a
 * background process on a loopback port, left running for the next lesson until `down`.
 * Its tables live in its memory, so stopping it forgets them.
 */
public final class MotoServer {

    public static final int DEFAULT_PORT = 5050;
    /** Python accepts any -X option and ignores it, which makes it a marker `down` and `doctor` can see. */
    static final String MARKER_PREFIX = "workshop.dynamodb=";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final String LOCK_FILE = "start.lock";

    private final int port;
    private final Path home;

    public MotoServer(int port, Path home) {
        this.port = port;
        this.home = home;
    }

    /**
     * Port WORKSHOP_DYNAMO_PORT (5050 by default), state under .workshop/dynamodb/PORT: an emulator
     * of ours on another port (after WORKSHOP_DYNAMO_PORT changed) keeps its own pid file and log.
     */
    public static MotoServer standard() {
        int port = Integer.parseInt(System.getenv().getOrDefault("WORKSHOP_DYNAMO_PORT", Integer.toString(DEFAULT_PORT)));
        return new MotoServer(port, Workshop.stateDir().resolve("dynamodb").resolve(Integer.toString(port)));
    }

    public int port() {
        return port;
    }

    public Path home() {
        return home;
    }

    public Path logFile() {
        return home.resolve("moto.log");
    }

    private Path pidFile() {
        return home.resolve("pid");
    }

    private String marker() {
        return MARKER_PREFIX + home.toAbsolutePath();
    }

    /** The interpreter: $WORKSHOP_PYTHON (a virtualenv's python, say), else .workshop/python's, else python3. */
    public static String python() {
        String configured = System.getenv("WORKSHOP_PYTHON");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        return MotoInstall.standard().python().orElse(isWindows() ? "python" : "python3");
    }

    /** Our emulator, if the pid file points at a live process that carries our marker. */
    public Optional<ProcessHandle> running() {
        return Processes.fromPidFile(pidFile(), marker());
    }

    /** Emulators started by an earlier run or another checkout that no pid file of ours accounts for. */
    public List<ProcessHandle> leftovers() {
        Optional<Long> ours = running().map(ProcessHandle::pid);
        return ProcessHandle.allProcesses()
                .filter(p -> Processes.carries(p, MARKER_PREFIX))
                .filter(p -> ours.isEmpty() || p.pid() != ours.get())
                .toList();
    }

    /**
     * Starts the emulator unless ours already runs. Holds a file lock so two lessons or test JVMs
     * started at once do not both launch one.
     */
    public void start() {
        try {
            Files.createDirectories(home);
            try (FileChannel channel = FileChannel.open(home.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                if (running().isPresent()) {
                    return;
                }
                if (Processes.listening(port)) {
                    throw portHeld(port);
                }
                MotoInstall.standard().offerIfMissing();
                awaitPort(launch());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DynamoException portHeld(int port) {
        return new DynamoException("Port " + port + " is held by a process that does not answer DynamoDB requests.",
                "find it with `ss -ltnp 'sport = :" + port + "'` (Linux) or `lsof -i :" + port
                        + "` (macOS) and stop it, or move ours: export WORKSHOP_DYNAMO_PORT=5055");
    }

    private ProcessHandle launch() throws IOException {
        ProcessBuilder builder = new ProcessBuilder(python(), "-X", marker(), "-m", "moto.server",
                "-H", "127.0.0.1", "-p", Integer.toString(port))
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(logFile().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File(isWindows() ? "NUL" : "/dev/null")));
        try {
            Process process = builder.start();
            Files.writeString(pidFile(), Long.toString(process.pid()));
            return process.toHandle();
        } catch (IOException notFound) {
            throw DynamoException.noEmulator(python() + " was not found", port);
        }
    }

    private void awaitPort(ProcessHandle process) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!Processes.listening(port)) {
            if (!process.isAlive()) {
                String log = readLog();
                if (log.contains("No module named")) {
                    throw DynamoException.noEmulator(python() + " has no module "
                            + log.replaceAll("(?s).*No module named '?([\\w.]+)'?.*", "$1"), port);
                }
                throw new DynamoException("moto's server stopped while starting. The end of its log:\n"
                        + Processes.tail(logFile(), 15).orElse("(empty)"), "./jbang doctor");
            }
            if (System.nanoTime() > deadline) {
                Processes.stop(process, Duration.ofSeconds(5));
                throw new DynamoException("moto's server did not open port " + port + " within "
                        + START_TIMEOUT.toSeconds() + " s. The end of its log:\n" + Processes.tail(logFile(), 15).orElse("(empty)"),
                        "./jbang doctor");
            }
            sleep(50);
        }
    }

    /**
     * Stops our emulator (its tables go with it) and deletes what it left in its folder: pid
     * file, log, markers. Returns whether one was running.
     */
    public boolean stop() {
        Optional<ProcessHandle> process = running();
        process.ifPresent(p -> Processes.stop(p, Duration.ofSeconds(10)));
        if (Files.isDirectory(home)) {
            try (Stream<Path> files = Files.list(home)) {
                for (Path file : files.filter(f -> !f.getFileName().toString().equals(LOCK_FILE)).toList()) {
                    Files.delete(file);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot clean " + home, e);
            }
        }
        return process.isPresent();
    }

    public int stopLeftovers() {
        List<ProcessHandle> leftovers = leftovers();
        leftovers.forEach(p -> Processes.stop(p, Duration.ofSeconds(10)));
        return leftovers.size();
    }

    /** What `doctor` reports: moto's version when Python can load its server, else why not. */
    public record Installation(boolean usable, String detail) {}

    public static Installation installation() {
        try {
            Process probe = new ProcessBuilder(python(), "-c", "import moto.server, moto; print(moto.__version__)")
                    .redirectErrorStream(true).start();
            String out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!probe.waitFor(30, TimeUnit.SECONDS)) {
                probe.destroyForcibly();
                return new Installation(false, python() + " did not answer within 30 s");
            }
            return probe.exitValue() == 0
                    ? new Installation(true, "moto " + out + " (" + python() + ")")
                    : new Installation(false, python() + ": " + out.lines().reduce((a, b) -> b).orElse("exit " + probe.exitValue()));
        } catch (IOException notFound) {
            return new Installation(false, python() + " was not found");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Installation(false, "interrupted");
        }
    }

    /**
     * What `doctor` reports for DynamoDB, each problem with its fix: leftover emulators, our port
     * held by something that does not answer DynamoDB requests, no moto to start.
     */
    public List<Problem> problems() {
        List<Problem> problems = new ArrayList<>();
        List<ProcessHandle> leftovers = leftovers();
        if (!leftovers.isEmpty()) {
            problems.add(new Problem("DynamoDB emulators from an earlier run or another checkout are still running (pids "
                    + String.join(", ", leftovers.stream().map(p -> Long.toString(p.pid())).toList()) + ").",
                    "./jbang down --leftovers"));
        }
        if (Dynamo.configuredEndpoint().isPresent() || running().isPresent()) {
            return problems;
        }
        if (Processes.listening(port)) {
            if (!Dynamo.answersDynamo(URI.create("http://127.0.0.1:" + port))) {
                DynamoException held = portHeld(port);
                problems.add(new Problem(held.problem().what(), held.fix()));
            }
            return problems;
        }
        Installation installation = installation();
        if (!installation.usable()) {
            DynamoException missing = DynamoException.noEmulator(installation.detail(), port);
            problems.add(new Problem(missing.problem().what(), missing.fix()));
        }
        return problems;
    }

    private String readLog() {
        try {
            return Files.readString(logFile());
        } catch (IOException missing) {
            return "";
        }
    }

    private static boolean isWindows() {
        return System.getProperty("os.name").toLowerCase().startsWith("windows");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DynamoException("Interrupted while waiting for moto's server.", "./jbang status");
        }
    }
}
