package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

/**
 * The lesson manifest against the checkout: every path a lesson must have is there, and every
 * file and folder under lessons/ belongs to a lesson, so a file named after a lesson with a typo,
 * or left behind by a renamed lesson, is found here rather than by a learner.
 */
class LessonFilesTest {

    private static final Path ROOT = Workshop.root();

    @Test
    void everyPathOfEveryLessonExists() {
        List<String> missing = new ArrayList<>();
        for (Lesson lesson : Lessons.ALL) {
            for (Map.Entry<String, Path> path : lesson.files(ROOT).expected().entrySet()) {
                if (!Files.exists(path.getValue())) {
                    missing.add("lesson " + lesson.number() + " (" + lesson.id() + ") has no " + path.getKey() + ": "
                            + ROOT.relativize(path.getValue()));
                }
            }
        }
        assertTrue(missing.isEmpty(), "Create each, or change the lesson's entry in Lessons.ALL:\n  "
                + String.join("\n  ", missing));
    }

    @Test
    void everyFileUnderLessonsBelongsToALesson() throws IOException {
        Set<Path> known = new HashSet<>();
        for (Lesson lesson : Lessons.ALL) {
            LessonFiles files = lesson.files(ROOT);
            known.addAll(files.expected().values());
            known.add(files.rightAnswers());
        }
        List<String> strays;
        try (Stream<Path> files = Files.walk(ROOT.resolve("lessons"))) {
            strays = files.filter(path -> !known.contains(path) && !isAbove(path, known) && !isInsideAPart(path, known))
                    .map(path -> ROOT.relativize(path).toString()).sorted().toList();
        }
        assertTrue(strays.isEmpty(), "No lesson of Lessons.ALL has these (a typo, or a lesson renamed or removed?"
                + " A lesson's folder is lessons/NN-id, see CONTRIBUTING.md):\n  " + String.join("\n  ", strays));
    }

    /** A folder on the way to a lesson's part: lessons/, a lesson's own folder, or its .meta. */
    private static boolean isAbove(Path path, Set<Path> known) {
        return Files.isDirectory(path) && known.stream().anyMatch(part -> part.startsWith(path) && !part.equals(path));
    }

    /**
     * Inside a part that is a folder (the solution's package, the answers): what is in it is the part's
     * (the compiler reads the solution, Corpus the answers' shape).
     */
    private static boolean isInsideAPart(Path path, Set<Path> known) {
        for (Path parent = path.getParent(); parent != null; parent = parent.getParent()) {
            if (known.contains(parent)) {
                return true;
            }
        }
        return false;
    }
}
