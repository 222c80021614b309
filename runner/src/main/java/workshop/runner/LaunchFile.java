package workshop.runner;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How this runner was started (its java, its jar, its class path, its JVM options: the kit's
 * RUNTIME_OPTIONS among them, which keep Java 25's warnings off the terminal), kept in .workshop/jbang so the
 * ./jbang script can start the runner again without starting jbang first, which costs seconds on
 * every check. The script does so only while no source the runner is built from is newer than the
 * file; jbang then builds the runner as usual, and the runner it starts writes the file again.
 */
public final class LaunchFile {

    private LaunchFile() {}

    static Path of(Path stateDir) {
        return stateDir.resolve("jbang/runner.launch");
    }

    /**
     * The file's lines: the java command, the runner's jar (the first class path entry), the class
     * path, and the JVM options separated by spaces. The script splits that line on spaces, so an
     * option that holds one (none of the kit's do) is left out.
     */
    static List<String> lines(String javaHome, String classPath, List<String> jvmOptions) {
        String options = jvmOptions.stream().filter(option -> !option.isBlank() && option.chars().noneMatch(Character::isWhitespace)
                && option.chars().noneMatch(c -> "*?[$`\\\"'".indexOf(c) >= 0)).collect(Collectors.joining(" "));
        return List.of(Path.of(javaHome, "bin", "java").toString(), classPath.split(File.pathSeparator)[0], classPath, options);
    }

    /**
     * Writes the file for this JVM, whatever the runner was asked (a check, --help, a completion
     * script); a runner that cannot is only started the slower way next time.
     */
    public static void remember(Path stateDir) {
        Path file = of(stateDir);
        try {
            Files.createDirectories(file.getParent());
            Path written = Files.createTempFile(file.getParent(), "runner", ".launch");
            Files.write(written, lines(System.getProperty("java.home"), System.getProperty("java.class.path"),
                    ManagementFactory.getRuntimeMXBean().getInputArguments()));
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException notWritten) {
            // the next ./jbang starts jbang, as without the file
        }
    }
}
