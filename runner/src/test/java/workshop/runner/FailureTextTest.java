package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import workshop.kit.cassandra.ClusterException;
import workshop.kit.cost.QueryCost;
import workshop.testkit.CostExpectations;
import workshop.testkit.CostFailure;
import workshop.testkit.MeasurementIncomplete;
import workshop.testkit.RaceLost;

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
        assertEquals(Kind.UNMEASURED, FailureText.kind(down));
        assertEquals(Kind.UNMEASURED, FailureText.kind(new IllegalStateException("setup", down)));
        assertEquals(Kind.ANSWER, FailureText.kind(new IllegalStateException("learner's own")));
    }

    @Test
    void aStubsTodoCountsAsNotWrittenEvenInsideAssertThrows() {
        UnsupportedOperationException todo = new UnsupportedOperationException("TODO: write it");
        AssertionFailedError wrapped = new AssertionFailedError("Unexpected exception type thrown", todo);
        assertEquals(Kind.NOT_WRITTEN, FailureText.kind(wrapped));
        assertEquals("not written yet: TODO: write it", FailureText.describe(wrapped));
    }

    @Test
    void aStoreTimeoutIsNotCalledAnEndlessLoop() {
        String text = FailureText.describe(new DriverTimeoutException("Query timed out after PT2S"));
        assertTrue(text.contains("did not answer in time"), text);
        assertFalse(text.contains("endless"), text);
    }

    /** The kind is the failure's type, whoever threw it: a race lost, a cost or a trace not measured. */
    @Test
    void eachKindIsToldByItsTypeAlone() {
        assertEquals(Kind.RACE, FailureText.kind(new RaceLost("2 of 50 diners were told they booked")));
        assertEquals(Kind.COST, FailureText.kind(new CostFailure("read 40 partitions")));
        assertEquals(Kind.ANSWER, FailureText.kind(new AssertionError("2 of 50 diners were told they booked")),
                "a race's words in a plain assertion are a wrong answer: the words decide nothing");
        assertEquals(Kind.ANSWER, FailureText.kind(new AssertionFailedError("read 40 partitions")));
        assertTrue(Kind.ANSWER.compareTo(Kind.COST) < 0 && Kind.COST.compareTo(Kind.RACE) < 0
                && Kind.RACE.compareTo(Kind.UNMEASURED) < 0);
    }

    /** A cost assertion written in a test of its own, far from CostExpectations, is a cost. */
    @Test
    void aCostThrownAnywhereIsACost() {
        Throwable inATest = assertThrows(CostFailure.class, () -> {
            throw new CostFailure("the page read 3 partitions, not 1");
        });
        assertTrue(Stream.of(inATest.getStackTrace()).noneMatch(frame -> frame.getClassName().contains("CostExpectations")));
        assertEquals(Kind.COST, FailureText.kind(inATest));
        Throwable fromTheKit = assertThrows(CostFailure.class,
                () -> CostExpectations.assertRowsReadAtMost("call", QueryCost.NONE, -1, ""));
        assertEquals(Kind.COST, FailureText.kind(fromTheKit));
    }

    @Test
    void aTraceThatNeverSettledIsUnmeasuredNotACost() {
        QueryCost unsettled = new QueryCost(Set.of("node1"), Set.of("node1"), 1, 0, 1, 1, 0, 1, Duration.ZERO,
                0, 0, 0, 1, 1, 0, 0, 0);
        Throwable withheld = assertThrows(MeasurementIncomplete.class,
                () -> CostExpectations.assertOnePartitionRead("latest(c2, 3)", unsettled, 3));
        assertEquals(Kind.UNMEASURED, FailureText.kind(withheld));
    }

    @Test
    void aRaceLostIsThrownOnlyWhenTheRaceWasLost() {
        RaceLost.unless(true, "one winner");
        RaceLost lost = assertThrows(RaceLost.class, () -> RaceLost.unless(false, "id 7 was handed out twice"));
        assertEquals("id 7 was handed out twice", lost.getMessage());
        assertEquals(Kind.RACE, FailureText.kind(lost));
        assertEquals("id 7 was handed out twice", FailureText.describe(lost));
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
