package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import workshop.kit.cassandra.ClusterException;

class FailureTextTest {

    @Test
    void tooManyItemsAskForALimitInOneShortLine() {
        List<Integer> expected = List.of(1, 2, 3);
        List<Integer> actual = IntStream.rangeClosed(1, 20).boxed().toList();
        AssertionFailedError failed = assertThrows(AssertionFailedError.class,
                () -> org.junit.jupiter.api.Assertions.assertEquals(expected, actual));
        String text = FailureText.describe(failed);
        assertTrue(text.startsWith("expected 3 item(s), got 20"), text);
        assertTrue(text.contains("LIMIT"), text);
    }

    @Test
    void theSameItemsInAnotherOrderPointAtTheClusteringOrder() {
        String text = FailureText.listDifference(List.of("c", "b", "a"), List.of("a", "b", "c"));
        assertTrue(text.contains("another order") && text.contains("clustering order"), text);
    }

    @Test
    void longValuesAreShortened() {
        String huge = "x".repeat(2_000);
        AssertionFailedError failed = new AssertionFailedError("values differ ==> expected: <a> but was: <b>", huge, huge + "y");
        String text = FailureText.describe(failed);
        assertTrue(text.lines().allMatch(line -> line.length() <= 100), text);
    }

    @Test
    void aClusterThatIsNotWholeWithholdsTheGrade() {
        ClusterException down = new ClusterException("node2 is down (of 3 nodes)", "./jbang up");
        assertEquals(Kind.UNMEASURED, FailureText.kind(down, false));
        assertEquals(Kind.UNMEASURED, FailureText.kind(new IllegalStateException("setup", down), false));
        assertEquals(Kind.ANSWER, FailureText.kind(new IllegalStateException("learner's own"), false));
    }

    @Test
    void aStubsTodoCountsAsNotWrittenEvenInsideAssertThrows() {
        UnsupportedOperationException todo = new UnsupportedOperationException("TODO: write it");
        AssertionFailedError wrapped = new AssertionFailedError("Unexpected exception type thrown", todo);
        assertEquals(Kind.NOT_WRITTEN, FailureText.kind(wrapped, false));
        assertEquals("not written yet: TODO: write it", FailureText.describe(wrapped));
    }

    @Test
    void aStoreTimeoutIsNotCalledAnEndlessLoop() {
        String text = FailureText.describe(new DriverTimeoutException("Query timed out after PT2S"));
        assertTrue(text.contains("did not answer in time"), text);
        assertFalse(text.contains("endless"), text);
    }

    @Test
    void aFailedTestTaggedARaceIsARaceAndRanksAfterAnswers() {
        assertEquals(Kind.RACE, FailureText.kind(new AssertionError("2 won"), true));
        assertEquals(Kind.ANSWER, FailureText.kind(new AssertionError("not booked"), false));
        assertTrue(Kind.ANSWER.compareTo(Kind.COST) < 0 && Kind.COST.compareTo(Kind.RACE) < 0
                && Kind.RACE.compareTo(Kind.UNMEASURED) < 0);
    }

    /** The kind is the failure's type: a cost assertion counts as a cost wherever a test makes it. */
    @Test
    void aCostIsToldByItsTypeNotByWhereItWasThrown() {
        assertEquals(Kind.COST, FailureText.kind(new workshop.testkit.CostFailure("read 40 partitions"), false));
        assertEquals(Kind.COST, FailureText.kind(new workshop.testkit.CostFailure("read 40 partitions"), true));
        assertEquals(Kind.ANSWER, FailureText.kind(new org.opentest4j.AssertionFailedError("read 40 partitions"), false));
        Throwable fromTheKit = org.junit.jupiter.api.Assertions.assertThrows(workshop.testkit.CostFailure.class,
                () -> workshop.testkit.CostExpectations.assertRowsReadAtMost("call", workshop.kit.cost.QueryCost.NONE, -1, ""));
        assertEquals(Kind.COST, FailureText.kind(fromTheKit, false));
    }

    @Test
    void everyPrintedLineFitsTheTerminal() {
        String line = "  " + "word ".repeat(60);
        List<String> lines = Runner.fit(line);
        assertTrue(lines.size() > 1);
        assertTrue(lines.stream().allMatch(l -> l.length() <= 100), lines.toString());
        assertTrue(lines.get(1).startsWith("    word"), lines.toString());
    }

    @Test
    void aStatementARoomsClusterRefusedNamesTheOwnNamespace() {
        String text = FailureText.describe(new UnauthorizedException(null,
                "User alice has no MODIFY permission on <table bob_lesson02.messages> or any of its parents"));
        assertTrue(text.startsWith("The cluster refused user alice MODIFY on table bob_lesson02.messages"), text);
        assertTrue(text.contains("Fix: export WORKSHOP_NAMESPACE=alice"), text);
    }
}
