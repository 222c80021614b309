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
 */
public record Lesson(String id, String number, String title, String script, Optional<String> exercisePackage) {

    public static Lesson withExercise(String id, String number, String title, String script, String exercisePackage) {
        return new Lesson(id, number, title, script, Optional.of(exercisePackage));
    }

    public static Lesson withoutExercise(String id, String number, String title, String script) {
        return new Lesson(id, number, title, script, Optional.empty());
    }

    /** An appendix ("03a") is a detour beside its lesson: no exercise, no quiz. */
    public boolean appendix() {
        return !number.chars().allMatch(Character::isDigit);
    }

    /** The jbang alias that runs it: "lesson01". */
    public String alias() {
        return "lesson" + number;
    }
}
