package workshop.grading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import workshop.kit.tools.CommandLines;

/** The grading step's arguments are strict: what it does not understand is refused with the nearest it does, never ignored. */
class GradingCommandLineTest {

    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine command = new CommandLine(new Grading());
        command.setErr(new PrintWriter(err, true));
        return CommandLines.execute(command, args);
    }

    @Test
    void aTypoOfAnOptionIsRefusedWithTheNearestOne() {
        assertEquals(CommandLines.USAGE, run(".", "02", "--wrong-answer-only"));
        assertTrue(err.toString().contains("Did you mean: --wrong-answers-only?"), err.toString());
    }

    @Test
    void anUnknownLessonIsRefusedWithTheNearestOne() {
        assertEquals(CommandLines.USAGE, run(".", "chat-list"));
        assertTrue(err.toString().contains("'chat-list'; the nearest is chat-lists"), err.toString());
        assertEquals("07d", LessonKey.nearest("7d"));
    }

    @Test
    void noLessonsAtOnceIsRefused() {
        assertEquals(CommandLines.USAGE, run(".", "--at-once=0"));
        assertTrue(err.toString().contains("--at-once must be 1 or more"), err.toString());
    }
}
