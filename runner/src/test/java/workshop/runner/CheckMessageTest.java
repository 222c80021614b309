package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CheckMessageTest {

    private static final String TEST_ID = "[engine:junit-jupiter]/[class:workshop.lesson02.Task1PageTest]/[method:firstPage()]";

    @Test
    void everyMessageEncodedThenDecodedIsItself() {
        List<CheckMessage> messages = List.of(new CheckMessage.Ready(),
                new CheckMessage.Started(TEST_ID, "the first page\twith a tab", 1),
                new CheckMessage.Passed(TEST_ID, true, 1),
                new CheckMessage.Passed("[engine:junit-jupiter]/[class:workshop.lesson02.Task1PageTest]", false, 0),
                new CheckMessage.Failed(TEST_ID, "the first page", Kind.COST, "expected 1 read,\nmeasured 3 ✗", 2),
                new CheckMessage.Left("pool-1-thread-1, Timer-0"),
                new CheckMessage.Diagram(Path.of(".workshop/check/02/diagram 1.txt")),
                new CheckMessage.Measured("latest(conversation 7, 20)", 1, 20, 5_000_000_000L),
                new CheckMessage.CompileErrors(List.of("Page.java:3: error: ';' expected", "1 error")),
                new CheckMessage.End(),
                new CheckMessage.Gone());
        assertEquals(CheckMessage.class.getPermittedSubclasses().length, messages.stream().map(Object::getClass).distinct().count(),
                "every type of message is here");
        for (CheckMessage message : messages) {
            assertEquals(Optional.of(message), CheckMessage.decode(message.encode()), message.encode());
            assertTrue(message.encode().lines().count() == 1, "one line: " + message);
        }
    }

    @Test
    void theRunnersOrderEncodedThenDecodedIsItself() {
        CheckMessage.Run run = new CheckMessage.Run(Path.of(".workshop/check/02/output.log"), Path.of(".workshop/check/02/classes"),
                List.of(Path.of("lessons/02-partition-by-conversation/src/workshop/lesson02/Page.java"),
                        Path.of("lessons/02-partition-by-conversation/test/A Test.java")),
                Until.FIRST_FAILURE_KNOWN, List.of(TEST_ID, "-"));
        assertEquals(run, CheckMessage.Run.decode(run.encode()));
        CheckMessage.Run nothing = new CheckMessage.Run(Path.of("log"), Path.of("classes"), List.of(), Until.EVERY_TEST, List.of());
        assertEquals(nothing, CheckMessage.Run.decode(nothing.encode()));
    }

    @Test
    void aLineThatIsNoMessageIsPassedOver() {
        assertEquals(Optional.empty(), CheckMessage.decode("OpenJDK 64-Bit Server VM warning: Sharing is only supported for boot loader classes"));
        assertEquals(Optional.empty(), CheckMessage.decode(""));
    }

    @Test
    void aMalformedMessageSaysWhichLineAndWhy() {
        assertMalformed("START\t" + TEST_ID, "has no field 2, only 1");
        assertMalformed("FAILED\t" + TEST_ID + "\tbmFtZQ==\tWRONG\tbWVzc2FnZQ==\t1", "field 3 is not a kind of failure");
        assertMalformed("PASSED\t" + TEST_ID + "\tyes\t1", "field 2 is neither 1 nor 0");
        assertMalformed("PASSED\t" + TEST_ID + "\t1\tone", "field 3 is not a number");
        assertMalformed("LEFT\t%%%", "field 1 is not Base64");
        assertMalformed("END\textra", "needs 0 fields, has 1");
        IllegalArgumentException run = assertThrows(IllegalArgumentException.class, () -> CheckMessage.Run.decode("bG9n"));
        assertTrue(run.getMessage().contains("needs at least 4 fields, has 1"), run.getMessage());
        IllegalArgumentException until = assertThrows(IllegalArgumentException.class, () -> CheckMessage.Run.decode("bG9n\tbG9n\t\tSOME"));
        assertTrue(until.getMessage().contains("field 4 says neither EVERY_TEST nor FIRST_FAILURE_KNOWN"), until.getMessage());
    }

    private static void assertMalformed(String line, String why) {
        IllegalArgumentException malformed = assertThrows(IllegalArgumentException.class, () -> CheckMessage.decode(line));
        assertEquals("A malformed " + line.split("\t")[0] + " line from the grading JVM (" + why + "): " + line, malformed.getMessage());
    }
}
