package workshop.grading;

import java.util.Comparator;
import java.util.stream.Stream;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;

/** A lesson named by number or id on the command line; a key that names none is refused with the nearest that does. */
final class LessonKey {

    private LessonKey() {}

    static Lesson lesson(String key) {
        return Lessons.find(key).filter(l -> l.exercisePackage().isPresent()).orElseThrow(() -> new IllegalArgumentException(
                "No lesson with an exercise is called '" + key + "'; the nearest is " + nearest(key)));
    }

    /** The number or id of a graded lesson fewest single-character edits away from key. */
    static String nearest(String key) {
        return Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent())
                .flatMap(l -> Stream.of(l.number(), l.id()))
                .min(Comparator.comparingInt((String name) -> distance(key, name)).thenComparingInt(String::length))
                .orElseThrow();
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
