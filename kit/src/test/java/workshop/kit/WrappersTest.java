package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * No Windows here to run jbang.cmd and jbang.ps1, so this holds them to what ./jbang does (which
 * CI runs): the same bootstrap pom and classpath cache, the same switch to the bundled jbang, the
 * same Java floor and jbang's exit-255 protocol, and line endings the Command Prompt reads; and to
 * their thin shape: they find or fetch jbang and pass it every argument, nothing more, and their
 * blocks, strings and labels close.
 */
class WrappersTest {

    private static final List<String> WRAPPERS = List.of("jbang", "jbang.cmd", "jbang.ps1");

    /** Words a wrapper must never hold: they would be command logic kept in a shell. */
    private static final List<String> COMMAND_LOGIC = List.of("jbang-catalog", "--front", "--completion", "Did you mean",
            "check", "hint", "lesson", "runner.launch");

    @Test
    void everyWrapperBootstrapsJbangTheSameWay() throws IOException {
        for (String wrapper : WRAPPERS) {
            String script = read(wrapper).replace('\\', '/');
            for (String expected : List.of(".mvn/jbang/pom.xml", ".workshop/jbang/classpath.txt",
                    "dependency:build-classpath", "-Dmdep.outputFile=", "WORKSHOP_BUNDLED_JBANG",
                    "dev.jbang.Main", "255", "17", "https://adoptium.net")) {
                assertTrue(script.contains(expected), wrapper + " lacks " + expected);
            }
        }
        assertTrue(read("jbang.cmd").contains("mvnw.cmd") && read("jbang.ps1").contains("mvnw.cmd"));
    }

    @Test
    void theCommandPromptWrapperHasWindowsLineEndings() throws IOException {
        String cmd = read("jbang.cmd");
        assertFalse(cmd.replace("\r\n", "").contains("\n"), "jbang.cmd needs CRLF line endings: cmd misreads labels otherwise");
        assertTrue(cmd.startsWith("@echo off"));
    }

    @Test
    void theWindowsWrappersOnlyFindJbangAndPassItEveryArgument() throws Exception {
        String cmd = read("jbang.cmd");
        String ps1 = read("jbang.ps1");
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
        String ps1 = code(read("jbang.ps1"), "#");
        assertEquals("", unclosed(ps1.replaceAll("'[^'\\n]*'", "''").replaceAll("\"(`.|[^\"`\\n])*\"", "\"\"")),
                "jbang.ps1's brackets");
        String cmd = read("jbang.cmd");
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

    private static String read(String name) throws IOException {
        return Files.readString(Workshop.root().resolve(name));
    }
}
