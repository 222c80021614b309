package workshop.kit.lessons;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One lesson of the workshop.
 *
 * @param id              stable identifier, never reused or renumbered (progress and grading key on it)
 * @param number          the position shown to learners ("01"); may change when lessons are reordered
 * @param title           what the lesson teaches, in a few words
 * @param scriptName      the file name of its jbang script, in its folder (see {@link #folder()})
 * @param exercisePackage the Java package of its exercise and tests, if it has one
 * @param appendix        a detour beside its lesson ("03a"): no exercise, no quiz
 * @param minutes         how long it takes, exercise included: for a lesson with a deck, the sum of
 *                        its speaker notes' timings (SlideDecksTest holds them equal); for an
 *                        appendix, its run and reading its story
 * @param level           how much of the workshop it builds on
 * @param brief           a design task's given type stating the questions and their rates, if it is one
 */
public record Lesson(String id, String number, String title, String scriptName, Optional<String> exercisePackage,
                     boolean appendix, int minutes, Level level, Optional<String> brief) {

    /** How much a lesson builds on: where a self-paced learner can start, and what comes later. */
    public enum Level {
        /** The first partition key: needs nothing but a JDK. */
        BEGINNER,
        /** Buckets, copies, other stores: builds on lessons 00-02. */
        INTERMEDIATE,
        /** Correctness under concurrency, paging, whole designs: builds on everything before. */
        ADVANCED;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public static Lesson withExercise(String id, String number, String title, String scriptName, String exercisePackage) {
        return new Lesson(id, number, title, scriptName, Optional.of(exercisePackage), false, 0, Level.BEGINNER,
                Optional.empty());
    }

    /** A lettered number ("03a") makes it an appendix. */
    public static Lesson withoutExercise(String id, String number, String title, String scriptName) {
        return new Lesson(id, number, title, scriptName, Optional.empty(),
                !number.chars().allMatch(Character::isDigit), 0, Level.BEGINNER, Optional.empty());
    }

    /**
     * A lesson of the main path numbered after the one it builds on ("06c"), with a quiz: its
     * exercise tasks, if any, belong to that lesson's exercise.
     */
    public static Lesson following(String id, String number, String title, String scriptName) {
        return new Lesson(id, number, title, scriptName, Optional.empty(), false, 0, Level.BEGINNER, Optional.empty());
    }

    /** This lesson, taking so many minutes at that level (the lesson list gives every lesson both). */
    public Lesson taking(int minutes, Level level) {
        return new Lesson(id, number, title, scriptName, exercisePackage, appendix, minutes, level, brief);
    }

    /** A design task, whose exercise is designed from this given type's questions alone ("TicketQuestions"). */
    public Lesson briefedBy(String givenType) {
        return new Lesson(id, number, title, scriptName, exercisePackage, appendix, minutes, level, Optional.of(givenType));
    }

    /**
     * Its folder, relative to the checkout's root, which holds every file of the lesson: its number
     * and id, "lessons/07-reservations", so a listing sorts in lesson order and names each once.
     */
    public String folder() {
        return "lessons/" + number + "-" + id;
    }

    /** Its jbang script, relative to the checkout's root: "lessons/07-reservations/07_reservations.java". */
    public String script() {
        return folder() + "/" + scriptName;
    }

    /** Where each of its files lives under the checkout's root. */
    public LessonFiles files(Path root) {
        return new LessonFiles(root, this);
    }

    /** The numbered tasks of its exercise, from its hints file; none for an exercise of one piece. */
    public List<Task> tasks(Path root) {
        return Task.read(files(root).hints());
    }

    /** The jbang alias that runs it: "lesson01". */
    public String alias() {
        return "lesson" + number;
    }
}
