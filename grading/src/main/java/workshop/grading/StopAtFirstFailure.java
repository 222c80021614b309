package workshop.grading;

import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Registered with every test the grading step runs (JUnit's extension autodetection). It remembers
 * which test failed first, and while armed it skips every later test: a wrong answer is proven by
 * its first failure, so the tests after it would only cost time.
 */
public final class StopAtFirstFailure implements ExecutionCondition, TestWatcher {

    private static volatile boolean armed;
    /** The test that failed first ("TestClass.method") and why. */
    record Failure(String test, Throwable cause) {
        /** JUnit's time limit ended it: no assertion said what was wrong. */
        boolean timedOut() {
            return cause instanceof TimeoutException;
        }
    }

    private static volatile Failure firstFailure;

    /** Forgets the last run; when stop is true, the tests after the first failure are skipped. */
    static void reset(boolean stop) {
        armed = stop;
        firstFailure = null;
    }

    /** The first test that failed since the last reset. */
    static Optional<Failure> firstFailure() {
        return Optional.ofNullable(firstFailure);
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return armed && firstFailure != null
                ? ConditionEvaluationResult.disabled("not run: " + firstFailure.test() + " failed first")
                : ConditionEvaluationResult.enabled("no test has failed yet");
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        synchronized (StopAtFirstFailure.class) {
            if (firstFailure == null) {
                firstFailure = new Failure(context.getRequiredTestClass().getSimpleName() + "."
                        + context.getRequiredTestMethod().getName(), cause);
            }
        }
    }
}
