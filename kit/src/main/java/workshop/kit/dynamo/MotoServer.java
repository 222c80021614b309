package workshop.kit.dynamo;

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
import java.util.regex.Pattern;
import java.util.stream.Stream;
import workshop.kit.LockFile;
import workshop.kit.LogFile;
import workshop.kit.ManagedProcess;
import workshop.kit.Platform;
import workshop.kit.Ports;
import workshop.kit.Problem;
import workshop.kit.StartPolicy;
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
    private static final Pattern NO_MODULE = Pattern.compile("No module named '?([\\w.]+)'?");

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

    private ManagedProcess process() {
        return new ManagedProcess("the DynamoDB emulator", MARKER_KEY, home);
    }

    /** The interpreter: $WORKSHOP_PYTHON (a virtualenv's python, say), else .workshop/python's, else python3. */
    public static String python() {
        String configured = System.getenv("WORKSHOP_PYTHON");
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        return MotoInstall.standard().python().orElse(Platform.WINDOWS ? "python" : "python3");
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
    public List<ManagedProcess.Marked> leftovers() {
        Optional<Long> ours = running().map(ProcessHandle::pid);
        return ManagedProcess.marked(MARKER_KEY, Workshop.stateDir()).stream()
                .filter(m -> m.owner() != ManagedProcess.Owner.ELSEWHERE)
                .filter(m -> ours.isEmpty() || m.pid() != ours.get())
                .toList();
    }

    /** Emulators another checkout manages: never touched, only mentioned. */
    public List<ManagedProcess.Marked> managedElsewhere() {
        return ManagedProcess.marked(MARKER_KEY, Workshop.stateDir()).stream()
                .filter(m -> m.owner() == ManagedProcess.Owner.ELSEWHERE).toList();
    }

    /**
     * Starts the emulator unless ours already runs. Holds a file lock so two lessons or test JVMs
     * started at once do not both launch one.
     */
    public void start() {
        try (LockFile.Held lock = LockFile.take(home.resolve(LOCK_FILE), LOCK_TIMEOUT)) {
            if (running().isPresent()) {
                return;
            }
            if (Ports.listening(port)) {
                throw portHeld(port);
            }
            MotoInstall.standard().offerIfMissing();
            launch();
        }
    }

    static DynamoException portHeld(int port) {
        return new DynamoException("Port " + port + " is held by a process that does not answer DynamoDB requests.",
                "find it with `ss -ltnp 'sport = :" + port + "'` (Linux) or `lsof -i :" + port
                        + "` (macOS) and stop it, or move ours: export WORKSHOP_DYNAMO_PORT=5055");
    }

    /** Starts moto's server and waits for its port; a Python without moto is said with the ways to get it. */
    private void launch() {
        ProcessBuilder builder = new ProcessBuilder(python(), "-X", process().marker(), "-m", "moto.server",
                "-H", "127.0.0.1", "-p", Integer.toString(port))
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(logFile().toFile())
                .redirectInput(Platform.nullDevice());
        StartPolicy.Cause noModule = new StartPolicy.Cause(0, log -> NO_MODULE.matcher(log).results().findFirst()
                .map(missing -> new StartPolicy.Diagnosis("no module " + missing.group(1), Optional.of(
                        DynamoException.noEmulator(python() + " has no module " + missing.group(1), port).problem()))));
        StartPolicy policy = new StartPolicy(StartPolicy.Readiness.portOpen(port), START_TIMEOUT, Duration.ofMillis(50),
                List.of(new LogFile(logFile())), List.of(noModule), "./jbang doctor", "./jbang doctor");
        try {
            process().start(() -> builder, policy);
        } catch (WorkshopException e) {
            throw e.getCause() instanceof IOException ? DynamoException.noEmulator(python() + " was not found", port)
                    : new DynamoException(e.problem(), e.getCause());
        }
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
        List<ManagedProcess.Marked> leftovers = leftovers();
        leftovers.forEach(m -> ManagedProcess.terminate(m.process(), STOP_GRACE, "leftover emulator"));
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
        List<ManagedProcess.Marked> leftovers = leftovers();
        if (!leftovers.isEmpty()) {
            problems.add(new Problem("Leftover DynamoDB emulators are still running (pids "
                    + String.join(", ", leftovers.stream().map(m -> Long.toString(m.pid())).toList())
                    + "): from an earlier run, another WORKSHOP_DYNAMO_PORT or a removed checkout.",
                    "./jbang down --leftovers"));
        }
        if (Dynamo.configuredEndpoint().isPresent() || running().isPresent()) {
            return problems;
        }
        if (Ports.listening(port)) {
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


}
