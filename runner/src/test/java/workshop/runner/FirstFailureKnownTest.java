package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FirstFailureKnownTest {

    private static final String ENGINE = "[engine:junit-jupiter]";
    private static final String A = ENGINE + "/[class:workshop.lesson07.A]";
    private static final String AB = ENGINE + "/[class:workshop.lesson07.AB]";

    @Test
    void outsideTasksTheFirstWrongAnswerDecides() {
        FirstFailureKnown known = plan(0, 0);
        known.ended(A + "/[method:one()]");
        assertTrue(known.decides(Kind.ANSWER, 0));
    }

    @Test
    void aCostOrARaceDecidesNothing() {
        FirstFailureKnown known = plan(0, 0);
        known.ended(A + "/[method:one()]");
        assertFalse(known.decides(Kind.COST, 0), "a wrong answer still to run would be shown first");
        assertFalse(known.decides(Kind.RACE, 0));
        assertFalse(known.decides(Kind.NOT_WRITTEN, 0));
    }

    @Test
    void aWrongAnswerInALaterTaskWaitsForTheEarlierTasksTests() {
        FirstFailureKnown known = plan(2, 1);
        known.ended(A + "/[method:one()]");
        assertFalse(known.decides(Kind.ANSWER, 2), "a failure in task 1 still to run would be shown first");
        known.ended(AB);
        assertTrue(known.decides(Kind.ANSWER, 2));
    }

    @Test
    void aClassEndedOrSkippedTakesItsTestsButNotAClassWhoseNameItBegins() {
        FirstFailureKnown known = new FirstFailureKnown();
        known.planned(A, 1);
        known.planned(A + "/[method:one()]", 1);
        known.planned(AB, 0);
        known.ended(A);
        assertFalse(known.decides(Kind.ANSWER, 1), "AB, task 0, is still to run");
        known.ended(AB);
        assertTrue(known.decides(Kind.ANSWER, 1));
    }

    /** Class A in task a with one test, class AB in task ab with one test. */
    private static FirstFailureKnown plan(int a, int ab) {
        FirstFailureKnown known = new FirstFailureKnown();
        known.planned(A, a);
        known.planned(A + "/[method:one()]", a);
        known.planned(AB, ab);
        known.planned(AB + "/[method:two()]", ab);
        return known;
    }
}
