package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two of lesson 02's checks, as grading runs them, on the cluster the environment names: a wrong
 * answer stopped at its first failure, then the reference solution, in the one JVM the lesson's
 * checks take in turn. What the first left unrun is skipped, not halted; the second finds the JVM
 * ready, in a class loader of its own, and passes every test.
 */
class LessonJvmTest {

    private static final String EXACT_ROW = "SELECT body FROM messages WHERE conversation_id = ? AND message_id = ?";
    /** Opens the nearest older message when the link's own is missing: a wrong answer, not a cost. */
    private static final String NEAREST_ROW = "SELECT body FROM messages WHERE conversation_id = ? AND message_id <= ? LIMIT 1";

    @Test
    void aWrongAnswerStoppedEarlyThenTheSolutionRunInOneJvm(@TempDir Path root) throws IOException {
        ExerciseFiles wrong = SolvedCopy.of("02", root.resolve("wrong"));
        Path links = wrong.learnerDir().resolve("MessageLinks.java");
        String solved = Files.readString(links);
        assertTrue(solved.contains(EXACT_ROW), "the solution reads the link's row by its whole key");
        Files.writeString(links, solved.replace(EXACT_ROW, NEAREST_ROW));
        ExerciseFiles right = SolvedCopy.of("02", root.resolve("right"));

        try (LessonJvm jvm = new LessonJvm()) {
            LessonCheck.Result first = LessonCheck.ahead(wrong, root.resolve("wrong/check"), Until.FIRST_FAILURE_KNOWN, jvm).run();
            assertEquals("MessageLinksTest.missingBetweenNeighbours", first.firstFailure().orElseThrow().source(), first.failures().toString());
            TestJvmHandle served = jvm.idle().orElseThrow(() -> new AssertionError("the JVM ended with the wrong answer's check"));

            LessonCheck.Result second = LessonCheck.ahead(right, root.resolve("right/check"), Until.EVERY_TEST, jvm).run();
            assertTrue(second.allPassed(), second.failures() + " " + second.compileErrors());
            assertEquals(served.pid(), jvm.idle().orElseThrow().pid(), "the solution ran in the JVM the wrong answer left");
            assertTrue(first.passed() < second.passed(), "the wrong answer's check stopped before its last test");

            jvm.close();
            assertFalse(served.alive(), "the lesson's JVM ends with the lesson");
        }
    }
}
