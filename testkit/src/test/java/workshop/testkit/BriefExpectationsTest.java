package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.BriefQuestion;
import workshop.kit.catalogue.OracleSample;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.Rate;

class BriefExpectationsTest {

    private static final BriefQuestion DOUBLED = new BriefQuestion("a number doubled", Rate.perSecond(600), Duration.ofMillis(10));
    private static final List<OracleSample<Integer>> ORACLE = List.of(new OracleSample<>("one", 1, Answer.of(2)));

    @Test
    void aPatternAtAnotherRateThanTheBriefsFails() {
        AccessPattern slower = AccessPattern.of("D", DOUBLED.question()).rate(Rate.perSecond(6)).p99(DOUBLED.p99());
        AssertionFailedError failure = assertThrows(AssertionFailedError.class,
                () -> BriefExpectations.assertDeclaresTheBrief(List.of(slower), Map.of("D", DOUBLED), "Q.D.pattern()"));
        assertTrue(failure.getMessage().contains("rate comes from the brief"), failure.getMessage());
    }

    @Test
    void aSampleWithAnAnswerOfTheDesignsOwnFailsEvenWhenEqual() {
        AccessPattern own = DOUBLED.pattern("D").plan(Plan.point("numbers")).servedBy("one", Answer.of(2), () -> 2);
        AssertionFailedError failure = assertThrows(AssertionFailedError.class,
                () -> BriefExpectations.assertServedOnTheOraclesSamples(own, ORACLE, "Oracle.doubled()"));
        assertTrue(failure.getMessage().contains("does not carry the oracle's answer"), failure.getMessage());
        BriefExpectations.assertServedOnTheOraclesSamples(DOUBLED.pattern("D").servedOn(ORACLE, n -> n * 2), ORACLE,
                "Oracle.doubled()");
    }

    @Test
    void aSampleWithoutAnAnswerFailsWhereEveryOneMustCarryOne() {
        AccessPattern unanswered = DOUBLED.pattern("D").servedBy("one", () -> 2);
        assertThrows(AssertionFailedError.class, () -> BriefExpectations.assertEverySampleCarriesAnAnswer(unanswered, "Oracle..."));
    }
}
