package workshop.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.Workshop;
import workshop.kit.lessons.GradedPart;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.runner.report.PartResult;
import workshop.runner.report.PartResult.Outcome;
import workshop.runner.report.Scorecard;

/**
 * Grades turned into a scorecard, part by part: here, beside the grades, so the report formats
 * know only their scorecard and never the runner's types.
 */
final class Scorecards {

    private Scorecards() {}

    /** The scorecard of these grades, each lesson's points shared among its parts as {@link GradedPart} says. */
    static Scorecard of(String learner, List<Grade> grades) {
        List<PartResult> parts = new ArrayList<>();
        for (Grade grade : grades) {
            Lesson lesson = Lessons.require(grade.lesson());
            for (GradedPart part : GradedPart.of(lesson, Workshop.root())) {
                parts.add(result(part, grade));
            }
        }
        return new Scorecard(learner, parts);
    }

    private static PartResult result(GradedPart part, Grade grade) {
        int task = part.task().map(t -> t.number()).orElse(0);
        Outcome outcome;
        String output;
        if (grade.status() == Grade.Status.DOES_NOT_COMPILE) {
            outcome = Outcome.FAILED;
            output = "Does not compile:\n" + String.join("\n", grade.compileErrors());
        } else if (task == 0) {
            outcome = switch (grade.status()) {
                case PASSED -> Outcome.PASSED;
                case WITHHELD -> Outcome.WITHHELD;
                default -> Outcome.FAILED;
            };
            output = output(outcome, grade.passed(), grade.failures().stream().findFirst());
        } else {
            Optional<Grade.TaskGrade> taskGrade = grade.tasks().stream().filter(t -> t.number() == task).findFirst();
            Optional<Grade.FailureGrade> first = taskGrade.map(Grade.TaskGrade::firstFailure);
            outcome = taskGrade.map(Grade.TaskGrade::state).orElse(LessonState.NOT_STARTED) == LessonState.PASSED ? Outcome.PASSED
                    : first.filter(f -> f.kind() == Kind.UNMEASURED).isPresent() ? Outcome.WITHHELD : Outcome.FAILED;
            output = output(outcome, -1, first);
        }
        return new PartResult(grade.lesson(), task, part.name(), part.title(), part.points(), outcome, output,
                grade.seconds());
    }

    private static String output(Outcome outcome, int passed, Optional<Grade.FailureGrade> first) {
        return switch (outcome) {
            case PASSED -> passed >= 0 ? passed + " test(s) passed." : "Passed.";
            case WITHHELD -> "Withheld, not failed: " + first.map(Grade.FailureGrade::message).orElse("a cost could not be measured")
                    + "\nNo grade was given; grade again when the machine is less busy.";
            case FAILED -> first.map(f -> "First failure: " + f.test() + "\n" + f.message())
                    .orElse("Not started: no test of this part passed yet.");
        };
    }
}
