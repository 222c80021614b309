package workshop.runner.completion;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import workshop.kit.Workshop;

/** Every ./jbang command the README shows is one the workshop knows, with options its command takes. */
class ReadmeCommandsTest {

    /** In a code span, or a line of a code block up to its comment. */
    private static final Pattern COMMAND = Pattern.compile("`(\\./jbang [^`]*)`|(?m)^(\\./jbang [^#\\n]*)");

    @Test
    void everyCommandTheReadmeShowsIsKnown() throws Exception {
        Path root = Workshop.root();
        List<String> commands = commands(Files.readString(root.resolve("README.md")));
        assertTrue(commands.size() >= 8, "the README shows the learner's commands: " + commands);
        CommandLine jbang = Completions.commands(root);
        for (String command : commands) {
            List<String> words = Arrays.asList(command.trim().split("\\s+"));
            String first = words.get(1);
            List<String> rest = words.subList(2, words.size());
            if (first.equals("--completion")) {
                assertTrue(rest.isEmpty() || Completions.SHELLS.containsAll(rest), command);
            } else if (!first.equals("--help")) {
                if (!jbang.getSubcommands().containsKey(first)) {
                    fail("README.md shows " + command + ", but " + first + " is no alias of jbang-catalog.json");
                }
                try {
                    jbang.parseArgs(words.subList(1, words.size()).toArray(String[]::new));
                } catch (CommandLine.ParameterException refused) {
                    fail("README.md shows " + command + ", which ./jbang refuses: " + refused.getMessage());
                }
            }
        }
    }

    @Test
    void aTypoInTheReadmeWouldBeCaught() throws Exception {
        assertFalse(commands("run `./jbang check 01 --reprot f`").isEmpty());
        try {
            Completions.commands(Workshop.root()).parseArgs("check", "01", "--reprot", "f");
            fail("--reprot is no option of check");
        } catch (CommandLine.UnmatchedArgumentException refused) {
            assertTrue(refused.getSuggestions().contains("--report"), refused.getSuggestions().toString());
        }
    }

    static List<String> commands(String markdown) {
        List<String> commands = new ArrayList<>();
        Matcher matcher = COMMAND.matcher(markdown);
        while (matcher.find()) {
            commands.add(matcher.group(1) != null ? matcher.group(1) : matcher.group(2));
        }
        return commands;
    }
}
