package workshop.runner.completion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

class FrontDoorTest {

    /** What ./jbang answers for the words: its exit code, its output and its errors. */
    private record Answer(int exit, String out, String err) {}

    private static Answer answer(String... words) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new FrontDoor(Workshop.root(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).answer(words);
        return new Answer(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theHelpListsEveryCommandWithin100Columns() throws Exception {
        Answer help = answer("--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().startsWith("Lessons: ./jbang lesson00 to lesson"), help.out());
        for (String command : CatalogueAliases.read(Workshop.root()).names()) {
            assertTrue(command.startsWith("lesson") || help.out().contains("\n  " + command + " "),
                    command + " missing from ./jbang --help:\n" + help.out());
        }
        help.out().lines().forEach(line -> assertTrue(line.length() <= 100, line.length() + " columns: " + line));
        assertEquals(help, answer("-h"));
        assertEquals(help, answer());
    }

    @Test
    void aTypoIsRefusedWithTheNearestCommands() throws Exception {
        assertEquals(new Answer(2, "", "No command 'chek'. Did you mean: check? (./jbang --help lists them all)\n"),
                answer("chek", "01"));
        assertTrue(answer("lesson1").err().contains("Did you mean: lesson01, lesson10?"), answer("lesson1").err());
        assertEquals(new Answer(2, "", "No command 'zzzzzz'. ./jbang --help lists them all.\n"), answer("zzzzzz"));
    }

    @Test
    void aCommandsHelpIsItsOwnOrElseTheCataloguesLine() throws Exception {
        assertTrue(answer("lesson01", "--help").out().startsWith("./jbang lesson01: Lesson 01: "), answer("lesson01", "--help").out());
        assertTrue(answer("lesson01", "--help").out().endsWith("(runs lessons/01-naive-table/01_naive_table.java)\n"));
        Answer up = answer("up", "--help");
        assertEquals(0, up.exit(), up.err());
        assertTrue(up.out().contains("--nodes"), up.out());
        assertTrue(answer("check", "-h").out().contains("--report"));
        assertTrue(answer("room", "--help").out().contains("--serve"));
    }

    @Test
    void theNearestAreFewestEditsAwayAndNoMoreThanThree() {
        assertEquals(3, FrontDoor.distance("kitten", "sitting"));
        assertEquals(0, FrontDoor.distance("check", "check"));
        assertEquals(5, FrontDoor.distance("", "check"));
        assertEquals(List.of("hint"), FrontDoor.nearest("hnit", List.of("up", "hint", "check")));
        assertEquals(List.of(), FrontDoor.nearest("quizzical", List.of("up", "check")));
        assertEquals(List.of("lesson01", "lesson10"), FrontDoor.nearest("lesson1", List.of("lesson10", "lesson01", "lesson22")));
    }

    @Test
    void aLongDescriptionWrapsUnderItself() {
        List<String> lines = FrontDoor.wrap("down", "word ".repeat(40).strip());
        assertTrue(lines.get(0).startsWith("  down      word"), lines.get(0));
        assertTrue(lines.get(1).startsWith("            word"), lines.get(1));
        assertTrue(lines.stream().allMatch(line -> line.length() <= 100), lines.toString());
    }
}
