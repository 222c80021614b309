package workshop.testkit.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import workshop.kit.lessons.Lesson;
import workshop.kit.tools.JavaSources;

/** Where one lesson's exercise lives: the learner's code, the given types, the tests, the solution. */
public record ExerciseFiles(Path root, Lesson lesson) {

    private String packagePath() {
        return lesson.exercisePackage().orElseThrow().replace('.', '/');
    }

    public Path learnerDir() {
        return root.resolve("exercises/src/main/java").resolve(packagePath());
    }

    public Path givenDir() {
        return root.resolve("exercises/src/given/java").resolve(packagePath());
    }

    public Path testDir() {
        return root.resolve("exercises/src/test/java").resolve(packagePath());
    }

    public Path solutionDir() {
        return root.resolve("solutions/src/main/java").resolve(packagePath());
    }

    public Path hintsFile() {
        return lesson.hintsFile(root);
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
