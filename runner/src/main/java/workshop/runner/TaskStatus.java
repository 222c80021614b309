package workshop.runner;

import java.util.List;
import java.util.Optional;
import workshop.kit.lessons.Task;
import workshop.runner.LessonCheck.Failure;

/**
 * Where one check left a task: passed (its tests ran and none failed), not started (nothing
 * passed and every failure is a TODO still in place) or failing, with its most instructive failure.
 */
public record TaskStatus(Task task, LessonState state, Optional<Failure> firstFailure) {

    /** The status of each task, from a check's outcome (its failures are ranked already). */
    public static List<TaskStatus> of(List<Task> tasks, LessonCheck.Result result) {
        return tasks.stream().map(task -> of(task, result)).toList();
    }

    private static TaskStatus of(Task task, LessonCheck.Result result) {
        List<Failure> failures = result.failures().stream().filter(f -> f.task() == task.number()).toList();
        boolean anyPassed = result.passedTests().stream().anyMatch(passed -> passed.task() == task.number());
        LessonState state;
        if (failures.isEmpty()) {
            state = anyPassed ? LessonState.PASSED : LessonState.NOT_STARTED;
        } else {
            boolean untouched = !anyPassed && failures.stream().allMatch(f -> f.kind() == Kind.NOT_WRITTEN);
            state = untouched ? LessonState.NOT_STARTED : LessonState.FAILING;
        }
        return new TaskStatus(task, state, state == LessonState.FAILING ? failures.stream().findFirst() : Optional.empty());
    }

    /** One line of at most width columns: "Task 2 (pages across buckets): failing: expected ...". */
    public String line(int width) {
        String line = task.name() + ": " + state.label()
                + firstFailure.map(f -> ": " + f.message().strip().lines().findFirst().orElse("")).orElse("");
        return line.length() <= width ? line : line.substring(0, width - 3) + "...";
    }
}
