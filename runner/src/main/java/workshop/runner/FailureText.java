package workshop.runner;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.opentest4j.AssertionFailedError;
import workshop.kit.Problem;
import workshop.kit.WorkshopException;
import workshop.kit.cassandra.ClusterException;
import workshop.kit.terminal.RefusedStatement;
import workshop.testkit.CostFailure;
import workshop.testkit.MeasurementIncomplete;
import workshop.testkit.RaceLost;
import workshop.testkit.SchemaChanged;

/**
 * Turns a test's failure into what the learner reads: what kind of failure it is, told by its type
 * alone (never by the test's name, a stack frame or its message) and a message short enough to take
 * in, with long values shown as their difference.
 */
final class FailureText {

    private static final int VALUE_WIDTH = 70;

    private FailureText() {}

    /**
     * The kind of a test's failure, from the type the test kit threw: {@link CostFailure},
     * {@link RaceLost}, {@link MeasurementIncomplete}; any other assertion is a wrong answer.
     */
    static Kind kind(Throwable error) {
        if (error instanceof MeasurementIncomplete || causedBy(error, ClusterException.class)) {
            return Kind.UNMEASURED; // a trace not complete, or a cluster not whole: nothing was measured
        }
        if (error instanceof SchemaChanged) {
            return Kind.SCHEMA_CHANGED;
        }
        if (isTodo(error)) {
            return Kind.NOT_WRITTEN;
        }
        if (error instanceof CostFailure) {
            return Kind.COST;
        }
        if (error instanceof RaceLost) {
            return Kind.RACE;
        }
        return Kind.ANSWER;
    }

    static String describe(Throwable error) {
        if (isTodo(error)) {
            return "not written yet: " + todo(error).getMessage();
        }
        if (error instanceof AssertionFailedError failed && failed.isExpectedDefined() && failed.isActualDefined()) {
            return difference(failed);
        }
        if (error instanceof AssertionError) {
            return String.valueOf(error.getMessage());
        }
        if (error instanceof WriteTimeoutException || error instanceof ReadTimeoutException
                || error instanceof DriverTimeoutException) {
            // A write or read timeout: the store was too slow or contended (for example many conditional
            // writes on one partition), not an endless loop.
            return "the store did not answer in time (" + error.getClass().getSimpleName() + ": " + error.getMessage()
                    + "). Conditional writes that contend for one partition are slow: make fewer of them, or rerun"
                    + " if the machine is busy.";
        }
        if (error instanceof WorkshopException workshop) {
            return workshop.getMessage();
        }
        if (error instanceof UnauthorizedException refused) {
            // A room's cluster refused the statement: whose keyspace it was and the way back to one's own.
            Problem problem = RefusedStatement.explain(refused.getMessage());
            return problem.what() + " Fix: " + problem.fix();
        }
        return error.getClass().getSimpleName() + ": " + error.getMessage();
    }

    /** A stub's "TODO" exception, thrown directly or as the cause of a failed assertThrows. */
    private static boolean isTodo(Throwable error) {
        return todo(error) != null;
    }

    private static Throwable todo(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnsupportedOperationException && String.valueOf(cause.getMessage()).startsWith("TODO")) {
                return cause;
            }
        }
        return null;
    }

    private static boolean causedBy(Throwable error, Class<? extends Throwable> type) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }

    /** "expected 3 item(s), got 20: ..." instead of two values of a thousand characters each. */
    static String difference(AssertionFailedError failed) {
        String message = String.valueOf(failed.getMessage());
        int arrow = message.indexOf("==>");
        String context = arrow > 0 ? message.substring(0, arrow).strip() + "\n" : "";
        Object expected = failed.getExpected().getValue();
        Object actual = failed.getActual().getValue();
        if (expected instanceof Collection<?> wanted && actual instanceof Collection<?> got) {
            return context + listDifference(new ArrayList<>(wanted), new ArrayList<>(got));
        }
        return context + "expected: " + shorten(String.valueOf(expected)) + "\n     got: " + shorten(String.valueOf(actual));
    }

    static String listDifference(List<?> expected, List<?> actual) {
        int common = 0;
        while (common < expected.size() && common < actual.size() && expected.get(common).equals(actual.get(common))) {
            common++;
        }
        String sizes = String.format("expected %d item(s), got %d", expected.size(), actual.size());
        if (actual.size() > expected.size() && common == expected.size()) {
            return sizes + ": the first " + common + " are right, then more follow. Is there a LIMIT?";
        }
        if (actual.size() == expected.size() && actual.containsAll(expected)) {
            return String.format("the right %d item(s), in another order: #%d should be %s, got %s.%n"
                    + "Check the clustering order (newest first?) and how the result is put together.",
                    expected.size(), common + 1, shorten(String.valueOf(expected.get(common))),
                    shorten(String.valueOf(actual.get(common))));
        }
        if (common == actual.size()) {
            return sizes + ": the first " + common + " are right, then " + shorten(String.valueOf(expected.get(common)))
                    + " is missing.";
        }
        String wanted = common < expected.size() ? shorten(String.valueOf(expected.get(common))) : "nothing";
        return sizes + String.format(".%nItem #%d should be %s,%n  got %s.", common + 1, wanted,
                shorten(String.valueOf(actual.get(common))));
    }

    private static String shorten(String value) {
        return value.length() <= VALUE_WIDTH ? value : value.substring(0, VALUE_WIDTH - 3) + "...";
    }
}
