package workshop.runner.completion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Workshop;

/**
 * The three wrappers only start a JVM: ./jbang hands jbang, or the runner's front door, the words
 * as typed; jbang.cmd and jbang.ps1 find or fetch jbang and pass it every argument. No PowerShell
 * or cmd runs here, so the Windows wrappers are held to that shape and their blocks and strings
 * are checked to close.
 */
class WrappersTest {

    /** Words a wrapper must never hold: they would be command logic kept in a shell. */
    private static final List<String> COMMAND_LOGIC = List.of("jbang-catalog", "--front", "--completion", "Did you mean",
            "check", "hint", "lesson", "runner.launch");

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
                Map.entry("lessons/01_naive_table.java", "lessons/01_naive_table.java"));
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

    @Test
    void theWindowsWrappersOnlyFindJbangAndPassItEveryArgument() throws Exception {
        String cmd = Files.readString(Workshop.root().resolve("jbang.cmd"));
        String ps1 = Files.readString(Workshop.root().resolve("jbang.ps1"));
        for (String word : COMMAND_LOGIC) {
            assertFalse(code(cmd, "rem ").contains(word), "jbang.cmd holds " + word);
            assertFalse(code(ps1, "#").contains(word), "jbang.ps1 holds " + word);
        }
        // an installed jbang, else the one fetched: each gets the arguments whole, and nothing else does
        assertEquals(List.of("call \"%%~fJ\" %*", "\"%java%\" dev.jbang.Main %* > \"%output%\""), lines(cmd, "%*"));
        assertEquals(List.of("& $installed.Source @args", "$output = & $java dev.jbang.Main @args"), lines(ps1, "@args"));
    }

    @Test
    void theWindowsWrappersBlocksAndStringsClose() throws Exception {
        String ps1 = code(Files.readString(Workshop.root().resolve("jbang.ps1")), "#");
        assertEquals("", unclosed(ps1.replaceAll("'[^'\\n]*'", "''").replaceAll("\"(`.|[^\"`\\n])*\"", "\"\"")),
                "jbang.ps1's brackets");
        String cmd = Files.readString(Workshop.root().resolve("jbang.cmd"));
        // cmd's blocks: the parentheses of if/for, quoted and escaped ones aside
        assertEquals("", unclosed(code(cmd, "rem ").replaceAll("\"[^\"\\n]*\"", "\"\"").replaceAll("\\^.", "")
                .replaceAll("[{}\\[\\]]", "")), "jbang.cmd's parentheses");
        Matcher gotos = Pattern.compile("(?im)goto (\\w+)").matcher(cmd);
        while (gotos.find()) {
            assertTrue(Pattern.compile("(?m)^:" + gotos.group(1) + "\r?$").matcher(cmd).find(), "jbang.cmd's label :" + gotos.group(1));
        }
    }

    /** The lines with the marker, stripped. */
    private static List<String> lines(String script, String marker) {
        return script.lines().map(String::strip).filter(line -> line.contains(marker)).toList();
    }

    /** The script without its comment lines. */
    private static String code(String script, String comment) {
        return String.join("\n", script.lines().filter(line -> !line.strip().toLowerCase().startsWith(comment)).toList());
    }

    /** The brackets left open or closed out of turn, "" when every one closes in order. */
    private static String unclosed(String text) {
        Deque<Character> open = new ArrayDeque<>();
        StringBuilder wrong = new StringBuilder();
        for (char c : text.toCharArray()) {
            int kind = "({[".indexOf(c);
            int closing = ")}]".indexOf(c);
            if (kind >= 0) {
                open.push(c);
            } else if (closing >= 0 && (open.isEmpty() || open.pop() != "({[".charAt(closing))) {
                wrong.append(c);
            }
        }
        open.forEach(wrong::append);
        return wrong.toString();
    }
}
