package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;

/**
 * A real check of lesson 02 solved (its reference solution copied over the stubs in a scratch
 * checkout), on the cluster the environment names: its grade keeps what each checked call's trace
 * read, within the bound the test set.
 */
class MeasuredCostsCheckTest {

    @Test
    void aSolvedLessonsGradeKeepsTheCostsItsChecksMeasured(@TempDir Path root) throws IOException {
        Lesson lesson = Lessons.ALL.stream().filter(l -> l.number().equals("02")).findFirst().orElseThrow();
        ExerciseFiles repo = new ExerciseFiles(Workshop.root(), lesson);
        ExerciseFiles scratch = new ExerciseFiles(root, lesson);
        copy(repo.solutionDir(), scratch.learnerDir());
        copy(repo.givenDir(), scratch.givenDir());
        copy(repo.testDir(), scratch.testDir());

        LessonCheck.Result result = LessonCheck.run(scratch, root.resolve(".workshop/check"), Until.EVERY_TEST);
        Grade grade = Grade.of(lesson, result, List.of(), Optional.empty());

        assertEquals(Grade.Status.PASSED, grade.status(), result.failures() + " " + result.compileErrors());
        assertFalse(grade.measured().isEmpty(), "every one-partition read the tests checked is measured");
        for (Grade.Measured figure : grade.measured()) {
            assertEquals(1, figure.partitions(), figure.toString());
            assertTrue(figure.rowsRead() <= figure.bound(), figure.toString());
        }
        assertTrue(grade.measured().stream().anyMatch(m -> m.call().startsWith("newest(") && m.rowsRead() > 0),
                "the page of newest messages read rows: " + grade.measured());
    }

    /** A lesson's folders hold files only, no subfolders. */
    private static void copy(Path from, Path to) throws IOException {
        if (Files.isDirectory(from)) {
            Files.createDirectories(to);
            try (Stream<Path> files = Files.list(from)) {
                for (Path file : files.toList()) {
                    Files.copy(file, to.resolve(file.getFileName().toString()));
                }
            }
        }
    }
}
