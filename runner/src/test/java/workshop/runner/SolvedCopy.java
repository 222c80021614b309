package workshop.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;

/** A scratch checkout of one lesson solved: its reference solution copied over the stubs, with what is given and its tests. */
final class SolvedCopy {

    private SolvedCopy() {}

    static ExerciseFiles of(String lessonNumber, Path root) throws IOException {
        Lesson lesson = Lessons.ALL.stream().filter(l -> l.number().equals(lessonNumber)).findFirst().orElseThrow();
        ExerciseFiles repo = new ExerciseFiles(Workshop.root(), lesson);
        ExerciseFiles copy = new ExerciseFiles(root, lesson);
        copy(repo.solutionDir(), copy.learnerDir());
        copy(repo.givenDir(), copy.givenDir());
        copy(repo.testDir(), copy.testDir());
        return copy;
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
