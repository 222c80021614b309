package workshop.kit.dynamo;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import workshop.kit.Poll;
import workshop.kit.Problem;
import workshop.kit.Processes;
import workshop.kit.Workshop;
import workshop.kit.WorkshopException;

/**
 * The embedded DynamoDB emulator: moto's server (open source, Apache 2.0) run by Python as a
 * background process on a loopback port, left running for the next lesson until `down`.
 * Its tables live in its memory, so stopping it forgets them.
 */
public final class MotoServer {

    public static final int DEFAULT_PORT = 5050;
    /** Python accepts any -X option and ignores it, which makes it a marker `down` and `doctor` can see. */
    static final String MARKER_KEY = "workshop.dynamodb";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration LOCK_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(30);
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

    private Processes process() {
        return new Processes("the DynamoDB emulator", MARKER_KEY, home);
    }

    /** The interpreter: $WORKSHOP_PYTHON (a virtualenv's python, say), else .workshop/python's, else python3. */
    public static String python() {
        String configured = System.getenv("WORKSHOP_PYTHON");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        return MotoInstall.standard().python().orElse(Processes.WINDOWS ? "python" : "python3");
    }

    /** Our emulator, if the pid file points at a live process that carries our marker. */
    public Optional<ProcessHandle> running() {
        return process().running();
    }

    /**
     * Emulators that would be in the way: ours that no pid file accounts for (another port's
     * folder, a deleted pid file) and abandoned ones no checkout manages. Another checkout's
     * live emulator is not a leftover.
     */
    public List<Processes.Marked> leftovers() {
        Optional<Long> ours = running().map(ProcessHandle::pid);
        return Processes.marked(MARKER_KEY, Workshop.stateDir()).stream()
                .filter(m -> m.owner() != Processes.Owner.ELSEWHERE)
                .filter(m -> ours.isEmpty() || m.pid() != ours.get())
                .toList();
    }

    /** Emulators another checkout manages: never touched, only mentioned. */
    public List<Processes.Marked> managedElsewhere() {
        return Processes.marked(MARKER_KEY, Workshop.stateDir()).stream()
                .filter(m -> m.owner() == Processes.Owner.ELSEWHERE).toList();
    }

    /**
     * Starts the emulator unless ours already runs. Holds a file lock so two lessons or test JVMs
     * started at once do not both launch one.
     */
    public void start() {
        try (Processes.Held lock = Processes.lock(home.resolve(LOCK_FILE), LOCK_TIMEOUT)) {
            if (running().isPresent()) {
                return;
            }
            if (Processes.listening(port)) {
                throw portHeld(port);
            }
            MotoInstall.standard().offerIfMissing();
            awaitPort(launch());
        }
    }

    static DynamoException portHeld(int port) {
        return new DynamoException("Port " + port + " is held by a process that does not answer DynamoDB requests.",
                "find it with `ss -ltnp 'sport = :" + port + "'` (Linux) or `lsof -i :" + port
                        + "` (macOS) and stop it, or move ours: export WORKSHOP_DYNAMO_PORT=5055");
    }

    private ProcessHandle launch() {
        ProcessBuilder builder = new ProcessBuilder(python(), "-X", process().marker(), "-m", "moto.server",
                "-H", "127.0.0.1", "-p", Integer.toString(port))
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(logFile().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File(Processes.WINDOWS ? "NUL" : "/dev/null")));
        try {
            return process().start(builder);
        } catch (WorkshopException notFound) {
            throw DynamoException.noEmulator(python() + " was not found", port);
        }
    }

    private void awaitPort(ProcessHandle process) {
        boolean settled = Poll.until("moto's server (pid " + process.pid() + ") to open port " + port, START_TIMEOUT)
                .every(Duration.ofMillis(50)).tryAwait(() -> !process.isAlive() || Processes.listening(port));
        if (settled && process.isAlive()) {
            return;
        }
        if (process.isAlive()) {
            Processes.terminate(process, Duration.ZERO, "moto's server");
            throw new DynamoException("moto's server (pid " + process.pid() + ") did not open port " + port + " within "
                    + START_TIMEOUT.toSeconds() + " s. The end of its log:\n" + Processes.tail(logFile(), 15).orElse("(empty)"),
                    "./jbang doctor");
        }
        String log = readLog();
        if (log.contains("No module named")) {
            throw DynamoException.noEmulator(python() + " has no module "
                    + log.replaceAll("(?s).*No module named '?([\\w.]+)'?.*", "$1"), port);
        }
        throw new DynamoException("moto's server stopped while starting. The end of its log:\n"
                + Processes.tail(logFile(), 15).orElse("(empty)"), "./jbang doctor");
    }

    /**
     * Stops our emulator (its tables go with it) and deletes what it left in its folder: pid
     * file, log, markers. Returns whether one was running.
     */
    public boolean stop() {
        boolean wasRunning = process().stop(STOP_GRACE);
        if (Files.isDirectory(home)) {
            try (Stream<Path> files = Files.list(home)) {
                for (Path file : files.filter(f -> !f.getFileName().toString().equals(LOCK_FILE)).toList()) {
                    Files.delete(file);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot clean " + home, e);
            }
        }
        return wasRunning;
    }

    public int stopLeftovers() {
        List<Processes.Marked> leftovers = leftovers();
        leftovers.forEach(m -> Processes.terminate(m.process(), STOP_GRACE, "leftover emulator"));
        return leftovers.size();
    }

    /** What `doctor` reports: moto's version when Python can load its server, else why not. */
    public record Installation(boolean usable, String detail) {}

    public static Installation installation() {
        try {
            // Output goes to a file, so a probe that hangs cannot block the read: only waitFor waits.
            Path output = Files.createTempFile("moto-probe", ".txt");
            Process probe = new ProcessBuilder(python(), "-c", "import moto.server, moto; print(moto.__version__)")
                    .redirectErrorStream(true).redirectOutput(output.toFile()).start();
            boolean answered = probe.waitFor(PROBE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (!answered) {
                probe.destroyForcibly();
            }
            String out = Files.readString(output).trim();
            Files.deleteIfExists(output);
            if (!answered) {
                return new Installation(false, python() + " did not answer within " + PROBE_TIMEOUT.toSeconds() + " s");
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
        List<Processes.Marked> leftovers = leftovers();
        if (!leftovers.isEmpty()) {
            problems.add(new Problem("Leftover DynamoDB emulators are still running (pids "
                    + String.join(", ", leftovers.stream().map(m -> Long.toString(m.pid())).toList())
                    + "): from an earlier run, another WORKSHOP_DYNAMO_PORT or a removed checkout.",
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
}
