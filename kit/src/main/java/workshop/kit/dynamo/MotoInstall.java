package workshop.kit.dynamo;

import java.io.Console;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import workshop.kit.Versions;
import workshop.kit.Workshop;

/**
 * moto without a manual step: when the Python that would run moto's server has no moto, and
 * Python 3 is here, the pinned moto goes into a virtual environment of the project's own under
 * .workshop/python (pip, on the learner's own network), and MotoServer uses that environment's
 * Python from then on. Nothing is installed without a yes at the terminal (or
 * WORKSHOP_INSTALL_MOTO=yes, for machines nobody sits at).
 */
public final class MotoInstall {

    static final String CONSENT_VARIABLE = "WORKSHOP_INSTALL_MOTO";
    static final String FOLDER = ".workshop/python";
    private static final Duration TIMEOUT = Duration.ofMinutes(10);

    private final Path venv;
    private final String basePython;
    private final List<String> pipOptions;
    private final Predicate<String> consent;

    MotoInstall(Path venv, String basePython, List<String> pipOptions, Predicate<String> consent) {
        this.venv = venv;
        this.basePython = basePython;
        this.pipOptions = List.copyOf(pipOptions);
        this.consent = consent;
    }

    public static MotoInstall standard() {
        return new MotoInstall(Workshop.root().resolve(FOLDER), "python3", List.of(), MotoInstall::askAtTerminal);
    }

    /** The project environment's Python, once one has been created. */
    public Optional<String> python() {
        Path python = venv.resolve("bin").resolve("python");
        return Files.isExecutable(python) ? Optional.of(python.toString()) : Optional.empty();
    }

    /** What install() does, as one shell line: for CI, and for anyone who prefers to type it. */
    public static String shellCommand() {
        return "python3 -m venv " + FOLDER + " && " + FOLDER + "/bin/python -m pip install -q \""
                + Versions.motoRequirement() + "\"";
    }

    /**
     * Before moto's server starts: installs the pinned moto when the Python that would run it has
     * none, Python 3 can make a virtual environment, and the learner agrees. Otherwise it leaves
     * things as they are, and the start fails with the message that names every way to get moto.
     */
    public void offerIfMissing() {
        String configured = System.getenv("WORKSHOP_PYTHON");
        if (configured != null && !configured.isBlank()) {
            return; // the learner chose the Python; ours would not be used
        }
        if (answers(python().orElse(basePython), "import moto.server")
                || !answers(basePython, "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 9))")) {
            return;
        }
        if (consent.test("moto (the DynamoDB emulator) is missing. Install moto " + Versions.MOTO
                + " into " + FOLDER + "? [Y/n] ")) {
            install();
        }
    }

    /** For the offline kit: the pinned moto unless the Python that would run it has one; says which, in one line. */
    public String prefetch() {
        String configured = System.getenv("WORKSHOP_PYTHON");
        String python = configured != null && !configured.isBlank() ? configured : python().orElse(basePython);
        if (answers(python, "import moto.server")) {
            return "moto: already installed for " + python;
        }
        if (!answers(basePython, "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 9))")) {
            return "moto: not installed, Python 3.9 or newer with venv was not found (lessons 06-08 need it;"
                    + " see docs/stores.md, The DynamoDB emulator)";
        }
        install();
        return "moto " + Versions.MOTO + ": installed into " + FOLDER;
    }

    /** Creates the environment afresh and installs the pinned moto; on failure leaves nothing behind. */
    void install() {
        Path log = Workshop.stateDir().resolve("logs").resolve("moto-install.log");
        System.err.println("Installing moto " + Versions.MOTO + " into " + FOLDER
                + " (a minute or two; log: .workshop/logs/moto-install.log)...");
        List<String> pip = new ArrayList<>(List.of(venv.resolve("bin").resolve("python").toString(), "-m", "pip"));
        pip.addAll(List.of("install", "--disable-pip-version-check", "--no-input"));
        pip.addAll(pipOptions);
        pip.add(Versions.motoRequirement());
        try {
            Files.createDirectories(log.getParent());
            Files.deleteIfExists(log);
            if (run(List.of(basePython, "-m", "venv", "--clear", venv.toString()), log) && run(pip, log)) {
                return;
            }
            delete(venv);
            throw failed(Files.readString(log));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DynamoException failed(String log) {
        String why = log.contains("from versions: none") || log.contains("NewConnectionError")
                || log.contains("Temporary failure in name resolution")
                ? "the package index could not be reached"
                : "see .workshop/logs/moto-install.log";
        return new DynamoException("moto " + Versions.MOTO + " could not be installed into " + FOLDER + ": " + why + ".",
                "python3 -m pip install \"" + Versions.motoRequirement() + "\" on a network that reaches PyPI,"
                        + " or its container: docker compose -f docker/compose.yaml up -d moto");
    }

    private static boolean run(List<String> command, Path log) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            if (!process.waitFor(TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
                process.destroyForcibly();
                Files.writeString(log, "\ntimed out after " + TIMEOUT.toMinutes() + " minutes\n",
                        StandardOpenOption.APPEND);
                return false;
            }
            return process.exitValue() == 0;
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new DynamoException("Interrupted while installing moto.", "rerun the lesson");
        }
    }

    /** Whether this Python runs the snippet without an error (false when there is no such Python). */
    static boolean answers(String python, String snippet) {
        try {
            Process probe = new ProcessBuilder(python, "-c", snippet).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!probe.waitFor(60, TimeUnit.SECONDS)) {
                probe.destroyForcibly();
                return false;
            }
            return probe.exitValue() == 0;
        } catch (IOException notFound) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean askAtTerminal(String question) {
        if ("yes".equalsIgnoreCase(System.getenv(CONSENT_VARIABLE))) {
            return true;
        }
        Console console = System.console();
        if (console == null || !isTerminal(console)) {
            return false; // a test run or a pipe: nobody to ask
        }
        String answer = console.readLine("%s", question);
        return answer != null && (answer.isBlank() || answer.trim().toLowerCase().startsWith("y"));
    }

    /**
     * From Java 22 System.console() is not null when the streams are redirected, and reading it
     * could swallow a test runner's input; Console.isTerminal (22+) tells. Before 22 a console
     * existed only at a terminal.
     */
    private static boolean isTerminal(Console console) {
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException beforeJava22) {
            return true;
        }
    }

    private static void delete(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
