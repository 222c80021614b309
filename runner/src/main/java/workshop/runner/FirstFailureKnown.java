package workshop.runner;

import java.util.HashMap;
import java.util.Map;

/**
 * Tells, while a lesson's tests run, when the failure the runner will show first can no longer
 * change. The runner ranks failures by task, then by {@link Kind}, then in the order they came
 * ({@link LessonCheck#rank}). A wrong answer ({@link Kind#ANSWER}, the first kind) in a task that no
 * unfinished test or class is below leaves nothing still to run able to rank before it, nor before
 * any failure that already ranks before it.
 */
final class FirstFailureKnown {

    /** The tests and classes not yet ended, by JUnit's id, with their tasks. */
    private final Map<String, Integer> unfinished = new HashMap<>();

    /** A test or class the run will start, with its task (see {@link TestTags}). */
    void planned(String id, int task) {
        unfinished.put(id, task);
    }

    /** It ended, or was skipped: so did whatever JUnit placed under it. */
    void ended(String id) {
        unfinished.keySet().removeIf(other -> other.equals(id) || other.startsWith(id + "/"));
    }

    /** True when a failure of this kind and task, just ended, is ranked before anything still to run. */
    boolean decides(Kind kind, int task) {
        return kind == Kind.ANSWER && unfinished.values().stream().allMatch(other -> other >= task);
    }
}
