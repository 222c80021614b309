package workshop.runner.completion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Workshop;

/**
 * ./jbang only starts a JVM: it hands jbang, or the runner's front door, the words as typed (the
 * Windows wrappers, which hand jbang every word, are held in the kit's WrappersTest).
 */
class ShellWrapperTest {

    /** What ./jbang ran: a stand-in jbang on the PATH prints the arguments it was given, one a line. */
    private static String ran(Path root, String... words) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("sh", root.resolve("jbang").toString()));
        command.addAll(List.of(words));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PATH", root.resolve("bin") + ":" + System.getenv("PATH"));
        builder.environment().remove("WORKSHOP_BUNDLED_JBANG");
        Process process = builder.start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), said);
        return said.strip().replace(root.toString(), "ROOT").replace('\n', ' ');
    }

    @Test
    void theShellWrapperHandsTheWordsOnAsTyped(@TempDir Path root) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "no sh");
        // a checkout without a runner.launch: what would start jbang is shown instead
        Files.copy(Workshop.root().resolve("jbang"), root.resolve("jbang"));
        Files.copy(Workshop.root().resolve("jbang-catalog.json"), root.resolve("jbang-catalog.json"));
        Path jbang = Files.createDirectories(root.resolve("bin")).resolve("jbang");
        Files.writeString(jbang, "#!/bin/sh\nfor word in \"$@\"; do echo \"$word\"; done\n");
        Files.setPosixFilePermissions(jbang, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> expected = Map.ofEntries(
                Map.entry("--help", "ROOT/tools/runner.java --front --help"),
                Map.entry("-h", "ROOT/tools/runner.java --front -h"),
                Map.entry("chek 01", "ROOT/tools/runner.java --front chek 01"),
                Map.entry("lesson00", "lesson00"),
                Map.entry("lesson00 --help", "ROOT/tools/runner.java --front lesson00 --help"),
                Map.entry("up --nodes 1", "up --nodes 1"),
                Map.entry("check 01", "check 01"),
                Map.entry("--completion zsh", "ROOT/tools/runner.java --completion zsh"),
                Map.entry("version", "version"),
                Map.entry("--jbang-help", "--help"),
                Map.entry("lessons/01-naive-table/01_naive_table.java", "lessons/01-naive-table/01_naive_table.java"));
        for (Map.Entry<String, String> words : expected.entrySet()) {
            assertEquals(words.getValue(), ran(root, words.getKey().split(" ")), "./jbang " + words.getKey());
        }
        // the command list the front door kept, printed while the catalogue is older, and only then
        Path kept = root.resolve(".workshop").resolve(FrontDoor.HELP_FILE);
        FrontDoor.keep(kept, "the list\n");
        Files.setLastModifiedTime(kept, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        assertEquals("the list", ran(root, "--help"));
        assertEquals("ROOT/tools/runner.java --front --help check", ran(root, "--help", "check"));
        Files.setLastModifiedTime(root.resolve("jbang-catalog.json"), FileTime.fromMillis(System.currentTimeMillis() + 120_000));
        assertEquals("ROOT/tools/runner.java --front --help", ran(root, "--help"), "a catalogue changed since");
    }

}
