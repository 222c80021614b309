package workshop.kit.lessons;

import java.util.Optional;

/**
 * One lesson of the workshop.
 *
 * @param id              stable identifier, never reused or renumbered (progress and grading key on it)
 * @param number          the position shown to learners ("01"); may change when lessons are reordered
 * @param title           what the lesson teaches, in a few words
 * @param script          the jbang script under lessons/
 * @param exercisePackage the Java package of its exercise and tests, if it has one
 * @param appendix        a detour beside its lesson ("03a"): no exercise, no quiz
 */
public record Lesson(String id, String number, String title, String script, Optional<String> exercisePackage,
                     boolean appendix) {

    public static Lesson withExercise(String id, String number, String title, String script, String exercisePackage) {
        return new Lesson(id, number, title, script, Optional.of(exercisePackage), false);
    }

    /** A lettered number ("03a") makes it an appendix. */
    public static Lesson withoutExercise(String id, String number, String title, String script) {
        return new Lesson(id, number, title, script, Optional.empty(), !number.chars().allMatch(Character::isDigit));
    }

    /**
     * A lesson of the main path numbered after the one it builds on ("06c"), with a quiz: its
     * exercise tasks, if any, belong to that lesson's exercise.
     */
    public static Lesson following(String id, String number, String title, String script) {
        return new Lesson(id, number, title, script, Optional.empty(), false);
    }

    /** The jbang alias that runs it: "lesson01". */
    public String alias() {
        return "lesson" + number;
    }
}
