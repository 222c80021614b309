package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

class LaunchFileTest {

    @Test
    void linesAreTheJavaCommandTheRunnersJarTheWholeClassPathAndTheJvmOptions() {
        String classPath = String.join(File.pathSeparator, "/cache/runner.java.1f/runner.jar", "/m2/driver.jar");
        List<String> lines = LaunchFile.lines("/jdk17", classPath, List.of("-XX:+IgnoreUnrecognizedVMOptions",
                "--enable-native-access=ALL-UNNAMED", "-Djbang.app.path=/My Apps/jbang", "-Dodd=$HOME"));
        assertEquals(List.of(Path.of("/jdk17", "bin", "java").toString(), "/cache/runner.java.1f/runner.jar", classPath,
                "-XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED"), lines,
                "options the script's word splitting would break or expand are left out");
    }

    /** The script starts "runner ARGS" itself, so its list must be the catalog's runner aliases, each passing its own name. */
    @Test
    void theScriptsShortcutCoversExactlyTheRunnersAliases() throws IOException {
        String catalog = Files.readString(Workshop.root().resolve("jbang-catalog.json"));
        Matcher alias = Pattern.compile("\"(\\w+)\": \\{ \"script-ref\": \"tools/runner.java\"(?:, \"arguments\": \\[\"(\\w+)\"\\])?").matcher(catalog);
        StringBuilder aliases = new StringBuilder();
        while (alias.find()) {
            String name = alias.group(1);
            assertTrue(name.equals("workshop") ? alias.group(2) == null : name.equals(alias.group(2)),
                    name + " passes other arguments than the script assumes");
            aliases.append(aliases.isEmpty() ? "" : "|").append(name);
        }
        String script = Files.readString(Workshop.root().resolve("jbang"));
        // and the completion scripts and the front door (--help, a typo), which the runner answers too
        assertTrue(script.contains("\n  " + aliases + "|--completion|--front)\n"), "the jbang script's runner aliases are not " + aliases);
    }

    /**
     * The script starts the runner's last build while none of its sources is newer, so the folders
     * it watches must cover every //SOURCES root of tools/runner.java: a root left out would let the
     * script run a stale build after an edit there.
     */
    @Test
    void theScriptWatchesEverySourceRootOfTheRunner() throws IOException {
        String runner = Files.readString(Workshop.root().resolve("tools/runner.java"));
        String script = Files.readString(Workshop.root().resolve("jbang"));
        Matcher source = Pattern.compile("(?m)^//SOURCES \\.\\./(\\S+?)/java/").matcher(runner);
        int roots = 0;
        while (source.find()) {
            roots++;
            assertTrue(script.contains("\"$root/" + source.group(1) + "\""), "the jbang script does not watch "
                    + source.group(1) + ", a source root of tools/runner.java, before starting the runner's last build");
        }
        assertTrue(roots > 0, "no //SOURCES line found in tools/runner.java");
    }
}
