package workshop.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.LessonFiles;
import workshop.kit.tools.JavaSources;

/**
 * What the check compiles and watches of one lesson's exercise, in the checkout at root (the
 * learner's, or a copy grading builds); where each file lives is {@link LessonFiles}' to say.
 */
public record ExerciseFiles(Path root, Lesson lesson) {

    private LessonFiles files() {
        return lesson.files(root);
    }

    public Path learnerDir() {
        return files().stubs();
    }

    public Path givenDir() {
        return files().given();
    }

    public Path testDir() {
        return files().tests();
    }

    public Path solutionDir() {
        return files().solution();
    }

    public Path hintsFile() {
        return files().hints();
    }

    /** Every source the check compiles: only this lesson's, so another lesson's compile error cannot stop it. */
    public List<Path> sourcesToCompile() {
        return Stream.of(learnerDir(), givenDir(), testDir()).flatMap(ExerciseFiles::javaFiles).toList();
    }

    public List<Path> learnerSources() {
        return javaFiles(learnerDir()).toList();
    }

    static Stream<Path> javaFiles(Path dir) {
        return JavaSources.javaFiles(dir);
    }
}
