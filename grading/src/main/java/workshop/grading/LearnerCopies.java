package workshop.grading;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import workshop.kit.lessons.Lesson;
import workshop.runner.ExerciseFiles;

/**
 * The learners' copies grading checks: each one the lesson's reference solution with an answer's
 * diffs applied, beside the lesson's given code and tests, in a folder of its own.
 */
final class LearnerCopies {

    private final Path root;

    LearnerCopies(Path root) {
        this.root = root;
    }

    /**
     * Lays out a learner's copy of the lesson at copy: the reference solution with the diffs
     * applied, the given code and the tests. Empty when it is ready, else why it could not be made.
     */
    Optional<String> layOut(Lesson lesson, Path copy, List<Path> diffs) {
        return diffs.isEmpty() ? Optional.of("has no X.java.diff: nothing differs from the reference solution")
                : applied(lesson, copy, diffs);
    }

    /** The reference solution as a learner's copy: the check that stands in for the solutions module's tests. */
    void layOutSolution(Lesson lesson, Path copy) {
        applied(lesson, copy, List.of());
    }

    private Optional<String> applied(Lesson lesson, Path copy, List<Path> diffs) {
        ExerciseFiles files = new ExerciseFiles(copy, lesson);
        ExerciseFiles original = new ExerciseFiles(root, lesson);
        copyTree(original.solutionDir(), files.learnerDir()); // right but for the files replaced below
        copyTree(original.givenDir(), files.givenDir());
        copyTree(original.testDir(), files.testDir());
        for (Path diff : diffs) {
            String name = diff.getFileName().toString().replaceAll("\\.diff$", "");
            try {
                Files.writeString(files.learnerDir().resolve(name),
                        UnifiedDiff.apply(Files.readString(original.solutionDir().resolve(name)), Files.readString(diff)));
            } catch (IllegalArgumentException e) {
                return Optional.of(diff.getFileName() + " no longer applies to the reference solution: " + e.getMessage());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Optional.empty();
    }

    private static void copyTree(Path from, Path to) {
        deleteTree(to);
        if (!Files.isDirectory(from)) {
            return;
        }
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
