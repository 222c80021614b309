package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;

/** A check planned ahead compiles its lesson on a thread of its own; what that compile says is what the check gives. */
class LessonCheckAheadTest {

    @TempDir
    Path copy;

    @Test
    void aLessonThatDoesNotCompileAheadIsGradedByItsCompileErrors() throws IOException {
        Lesson lesson = Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent()).findFirst().orElseThrow();
        ExerciseFiles original = new ExerciseFiles(Workshop.root(), lesson);
        ExerciseFiles files = new ExerciseFiles(copy, lesson);
        copyTree(original.learnerDir(), files.learnerDir());
        copyTree(original.givenDir(), files.givenDir());
        copyTree(original.testDir(), files.testDir());
        Path broken = files.learnerSources().get(0);
        Files.writeString(broken, "\nnot java", StandardOpenOption.APPEND);

        LessonCheck.Result result;
        try (LessonJvm jvm = new LessonJvm()) {
            result = LessonCheck.ahead(files, copy.resolve("check"), Until.EVERY_TEST, jvm).run();
            assertTrue(jvm.idle().isPresent(), "the JVM started ahead ran nothing: it waits for the lesson's next check");
        }

        assertFalse(result.compiled(), "a source that does not compile must be reported");
        assertTrue(result.compileErrors().stream().anyMatch(e -> e.startsWith(broken.getFileName() + ":")),
                "the errors name the broken file: " + result.compileErrors());
        assertTrue(result.passedTests().isEmpty() && result.failures().isEmpty(), "no test runs on a lesson that does not compile");
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target);
            }
        }
    }
}
