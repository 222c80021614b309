package workshop.room;

import java.util.Optional;

/**
 * What one check of a lesson came to, as the room keeps it: the lesson's id, the task if the check
 * graded one, passed or not, the counts, and the first failure (its test and its message's first line).
 */
public record CheckResult(String lesson, Optional<String> task, boolean passed, int testsPassed, int testsFailed,
                          String failedTest, String firstFailure) {

    /** Longer messages are cut: the room shows one line, the learner's terminal the rest. */
    static final int MAX_TEXT = 300;

    public CheckResult {
        failedTest = cut(failedTest);
        firstFailure = cut(firstFailure.lines().findFirst().orElse("").strip());
    }

    public static CheckResult passed(String lesson, Optional<String> task, int testsPassed) {
        return new CheckResult(lesson, task, true, testsPassed, 0, "", "");
    }

    private static String cut(String text) {
        return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT - 3) + "...";
    }
}
