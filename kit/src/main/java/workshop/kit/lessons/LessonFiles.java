package workshop.kit.lessons;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every path of one lesson, worked out here alone from the lesson list's entry. A lesson's story,
 * deck, hints, quiz and, under .meta/, its reference solution and its wrong and right answers live
 * in its folder (lessons/08-cursor-pagination/), and so do its exercise's stubs (src/), given types
 * (given/) and tests (test/), each a source root of the exercises module.
 * LessonFilesTest holds every path of {@link #expected()} to exist, and every file of those roots
 * to belong to a lesson.
 */
public record LessonFiles(Path root, Lesson lesson) {

    /** The folder that holds the lesson: lessons/08-cursor-pagination. */
    public Path folder() {
        return root.resolve(lesson.folder());
    }

    /** The jbang script that tells the lesson's story: lessons/08-cursor-pagination/08_cursor_pagination.java. */
    public Path script() {
        return root.resolve(lesson.script());
    }

    /** The learner's code, the stubs to start from: lessons/08-cursor-pagination/src/workshop/lesson08. */
    public Path stubs() {
        return stubsRoot().resolve(packagePath());
    }

    /** The source root of the learner's code, one of the exercises module's: lessons/08-cursor-pagination/src. */
    public Path stubsRoot() {
        return folder().resolve("src");
    }

    /** The types the exercise gives (records, the brief): lessons/08-cursor-pagination/given/workshop/lesson08. */
    public Path given() {
        return givenRoot().resolve(packagePath());
    }

    /** The source root of the given types: lessons/08-cursor-pagination/given. */
    public Path givenRoot() {
        return folder().resolve("given");
    }

    /** The tests that grade the exercise: lessons/08-cursor-pagination/test/workshop/lesson08. */
    public Path tests() {
        return testsRoot().resolve(packagePath());
    }

    /** The test source root of the exercise: lessons/08-cursor-pagination/test. */
    public Path testsRoot() {
        return folder().resolve("test");
    }

    /** The reference solution of exactly the stubs: lessons/08-cursor-pagination/.meta/solution/workshop/lesson08. */
    public Path solution() {
        return solutionRoot().resolve(packagePath());
    }

    /** The source root of its reference solution, one of the solutions module's: lessons/08-cursor-pagination/.meta/solution. */
    public Path solutionRoot() {
        return meta().resolve("solution");
    }

    /** Its hints, in stages; in an exercise of numbered tasks, headed task by task (see {@link Task}). */
    public Path hints() {
        return folder().resolve("hints.md");
    }

    /** Its questions (see the quiz's QuizFile): lessons/08-cursor-pagination/quiz.md. */
    public Path quiz() {
        return folder().resolve("quiz.md");
    }

    /** Its slides, named after its script (the rendered page takes the name): 08_cursor_pagination.adoc. */
    public Path deck() {
        return folder().resolve(lesson.scriptName().replace(".java", ".adoc"));
    }

    /** The corpus of mistakes its tests must catch, one folder each: lessons/08-cursor-pagination/.meta/wrong-answers. */
    public Path wrongAnswers() {
        return meta().resolve("wrong-answers");
    }

    /** Other right designs its tests must pass, if any: lessons/08-cursor-pagination/.meta/right-answers. */
    public Path rightAnswers() {
        return meta().resolve("right-answers");
    }

    /** What the maintainer keeps and the learner need not open first, as exercism's .meta/. */
    private Path meta() {
        return folder().resolve(".meta");
    }

    /** A design task's brief, the given type that states its questions and rates: TicketQuestions.java. */
    public Optional<Path> designBrief() {
        return lesson.brief().map(type -> given().resolve(type + ".java"));
    }

    /**
     * Every path this lesson must have, named by what it is: the script; a deck and a quiz unless it
     * is an appendix; an exercise's stubs, given types, tests, solution, hints and wrong answers; a
     * design task's brief. Right answers are optional: most lessons have no other right design.
     */
    public Map<String, Path> expected() {
        Map<String, Path> paths = new LinkedHashMap<>();
        paths.put("script", script());
        if (!lesson.appendix()) {
            paths.put("deck", deck());
            paths.put("quiz", quiz());
        }
        if (lesson.exercisePackage().isPresent()) {
            paths.put("stubs", stubs());
            paths.put("given types", given());
            paths.put("tests", tests());
            paths.put("solution", solution());
            paths.put("hints", hints());
            paths.put("wrong answers", wrongAnswers());
        }
        designBrief().ifPresent(brief -> paths.put("design brief", brief));
        return paths;
    }

    private String packagePath() {
        return lesson.exercisePackage().orElseThrow(() -> new IllegalStateException(
                "lesson " + lesson.number() + " has no exercise")).replace('.', '/');
    }
}
