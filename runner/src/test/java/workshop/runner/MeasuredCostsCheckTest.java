package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real check of lesson 02 solved (its reference solution copied over the stubs in a scratch
 * checkout), on the cluster the environment names: its grade keeps what each checked call's trace
 * read, within the bound the test set.
 */
class MeasuredCostsCheckTest {

    @Test
    void aSolvedLessonsGradeKeepsTheCostsItsChecksMeasured(@TempDir Path root) throws IOException {
        ExerciseFiles scratch = SolvedCopy.of("02", root);

        LessonCheck.Result result = LessonCheck.run(scratch, root.resolve(".workshop/check"), Until.EVERY_TEST);
        Grade grade = Grade.of(scratch.lesson(), result, List.of(), Optional.empty());

        assertEquals(Grade.Status.PASSED, grade.status(), result.failures() + " " + result.compileErrors());
        assertFalse(grade.measured().isEmpty(), "every one-partition read the tests checked is measured");
        for (Grade.Measured figure : grade.measured()) {
            assertEquals(1, figure.partitions(), figure.toString());
            assertTrue(figure.rowsRead() <= figure.bound(), figure.toString());
        }
        assertTrue(grade.measured().stream().anyMatch(m -> m.call().startsWith("newest(") && m.rowsRead() > 0),
                "the page of newest messages read rows: " + grade.measured());
    }
}
