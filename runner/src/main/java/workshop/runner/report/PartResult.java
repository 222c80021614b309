package workshop.runner.report;

/**
 * The outcome of one graded part (a lesson, or one task of it) as every report shows it.
 *
 * @param task   the task's number, 0 for a lesson graded whole
 * @param output what the learner reads: the first failure and its message, the compile error, or
 *               why the part is withheld
 */
public record PartResult(String lesson, int task, String name, String title, int maxPoints, Outcome outcome,
                         String output, double seconds) {

    /** Withheld is not a fail: the cost could not be measured (a busy machine), so no grade was given. */
    public enum Outcome { PASSED, FAILED, WITHHELD }

    public int points() {
        return outcome == Outcome.PASSED ? maxPoints : 0;
    }

    /** "Lesson 06, task 2: a customer's orders". */
    public String fullName() {
        return name + ": " + title;
    }
}
