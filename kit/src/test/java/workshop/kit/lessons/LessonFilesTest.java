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
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

/**
 * The lesson manifest against the checkout: every path a lesson must have is there, and every
 * lesson file in the roots the manifest names belongs to a lesson, so a file named after a
 * lesson with a typo, or left behind by a renamed lesson, is found here rather than by a learner.
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
    void everyLessonFileBelongsToALesson() throws IOException {
        Set<Path> known = new HashSet<>();
        for (Lesson lesson : Lessons.ALL) {
            known.addAll(lesson.files(ROOT).expected().values());
            known.add(lesson.files(ROOT).rightAnswers());
        }
        List<Path> found = new ArrayList<>();
        found.addAll(list("lessons", name -> name.endsWith(".java")));
        found.addAll(list("exercises/hints", name -> name.endsWith(".md")));
        found.addAll(list("exercises/quizzes", name -> name.endsWith(".md")));
        // Names starting with _ are the decks' partials and the template of a new deck.
        found.addAll(list("slides/decks", name -> name.endsWith(".adoc") && !name.startsWith("_")));
        found.addAll(list("grading/wrong-answers", name -> !name.contains(".")));
        found.addAll(list("grading/right-answers", name -> !name.contains(".")));
        List<String> strays = found.stream().filter(path -> !known.contains(path))
                .map(path -> ROOT.relativize(path).toString()).sorted().toList();
        assertTrue(strays.isEmpty(), "No lesson of Lessons.ALL has these (a typo, or a lesson renamed or removed?):\n  "
                + String.join("\n  ", strays));
    }

    private static List<Path> list(String dir, Predicate<String> name) throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve(dir))) {
            return files.filter(file -> name.test(file.getFileName().toString())).toList();
        }
    }
}
