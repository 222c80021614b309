package workshop.runner;

import java.util.Optional;
import workshop.kit.lessons.Lesson;
import workshop.room.CheckResult;

/** A check's outcome as the room records it; a withheld grade (a cost not measured) is not a result. */
final class RoomResults {

    private RoomResults() {}

    static Optional<CheckResult> of(Lesson lesson, LessonCheck.Result result) {
        if (!result.compiled()) {
            return Optional.of(new CheckResult(lesson.id(), Optional.empty(), false, 0, 0, "does not compile",
                    result.compileErrors().get(0)));
        }
        if (result.withheld()) {
            return Optional.empty();
        }
        if (result.allPassed()) {
            return Optional.of(CheckResult.passed(lesson.id(), Optional.empty(), result.passed()));
        }
        // No failure yet not passed: no test ran at all, which the learner sees as 0 passed.
        return Optional.of(result.firstFailure().map(first -> new CheckResult(lesson.id(), taskOf(first), false,
                result.passed(), result.failures().size(), first.source(), first.message()))
                .orElseGet(() -> new CheckResult(lesson.id(), Optional.empty(), false, 0, 0, "no test ran", "")));
    }

    /** The task the first failure belongs to (failures come ranked task by task), for lessons in tasks. */
    private static Optional<String> taskOf(LessonCheck.Failure first) {
        return first.task() > 0 ? Optional.of(Integer.toString(first.task())) : Optional.empty();
    }
}
