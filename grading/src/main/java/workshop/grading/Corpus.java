package workshop.grading;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/** A lesson's .meta/wrong-answers and .meta/right-answers (see LessonFiles): one answer per folder, its diffs inside. */
final class Corpus {

    private Corpus() {}

    /** One lesson's answers, read from their folders in name order; none when the lesson has no folder. */
    static <T> List<T> answers(Path lessonDir, Function<Path, T> read) {
        if (!Files.isDirectory(lessonDir)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(lessonDir)) {
            return dirs.filter(Files::isDirectory).sorted().map(read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How an answer differs from the reference solution: X.java.diff, a unified diff of X.java, each. */
    static List<Path> diffs(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".java.diff")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
