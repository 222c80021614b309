package workshop.runner;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Skips what is left of a run once its verdict is known. A test JVM that serves only one check
 * halts there; one that serves the next check of its lesson (grading's, see {@link TestJvm}) must
 * live on, so the tests and classes still to come are skipped instead, each as it comes up: the
 * test engine of JUnit 5 has no way to cancel a running plan. Loaded by JUnit's extension
 * autodetection, which only such a JVM turns on (see META-INF/services).
 */
public final class SkipOnceDecided implements ExecutionCondition {

    private static final AtomicBoolean DECIDED = new AtomicBoolean();

    /** From now until the next run, nothing more runs. */
    static void decided() {
        DECIDED.set(true);
    }

    /** A new run: everything runs again. */
    static void nextRun() {
        DECIDED.set(false);
    }

    static boolean isDecided() {
        return DECIDED.get();
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return DECIDED.get() ? ConditionEvaluationResult.disabled("the check's verdict is already known")
                : ConditionEvaluationResult.enabled("the check's verdict is not known yet");
    }
}
