package workshop.lesson07d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

/**
 * The design graded by the catalogue checker: every catalogued question declared at the brief's
 * rate, served on the oracle's samples, and each run returning the oracle's answer at the cost
 * its plan declares.
 */
@ExtendWith(CassandraExtension.class)
class TicketCatalogueTest {

    /** Each question's samples, as the oracle gives them. */
    static final Map<TicketQuestions, List<? extends Sample<?>>> SAMPLES = Map.of(
            TicketQuestions.T1, TicketOracle.eventPage(), TicketQuestions.T2, TicketOracle.seatMap(),
            TicketQuestions.T3, TicketOracle.hold(), TicketQuestions.T5, TicketOracle.tickets(),
            TicketQuestions.T6, TicketOracle.sales());

    @Test
    void everyQuestionAnswersRightAtItsDeclaredCost(TracingSession traced) {
        TicketBooking booking = new TicketBooking();
        CatalogueReport report = CatalogueCheck.on(traced).run(booking);
        Map<String, AccessPattern> byId = booking.patterns().stream()
                .collect(Collectors.toMap(AccessPattern::id, Function.identity()));
        assertEquals(Arrays.stream(TicketQuestions.values()).filter(TicketQuestions::catalogued).map(Enum::name)
                        .collect(Collectors.toSet()), byId.keySet(),
                "one pattern per catalogued question (TicketQuestions.T1.pattern() and so on; T4 is graded by the race test)");
        for (TicketQuestions question : SAMPLES.keySet()) {
            AccessPattern pattern = byId.get(question.name());
            assertEquals(question.brief().rate(), pattern.rate(), question + "'s rate comes from the brief");
            assertEquals(question.brief().p99(), pattern.p99(), question + "'s p99 target comes from the brief");
            assertServedOnTheOraclesSamples(question, pattern);
        }
        CostExpectations.assertCatalogueHolds(report);
    }

    /** The very answers the oracle computed: an answer of the design's own would grade nothing. */
    private static void assertServedOnTheOraclesSamples(TicketQuestions question, AccessPattern pattern) {
        List<? extends Sample<?>> expected = SAMPLES.get(question);
        List<String> labels = pattern.samples().stream().map(AccessPattern.Sample::label).toList();
        if (!labels.equals(expected.stream().map(Sample::label).toList())) {
            fail(String.format("""
                    %s is served on %s; the oracle's samples are %s. Serve it on each of them, in order:
                      for (Sample<...> s : TicketOracle...()) pattern = pattern.servedBy(s.label(), s.answer(), () -> ...)""",
                    question, labels, expected.stream().map(Sample::label).toList()));
        }
        for (int i = 0; i < expected.size(); i++) {
            if (pattern.samples().get(i).answer() != expected.get(i).answer()) {
                fail(String.format("""
                        %s's sample "%s" does not carry the oracle's answer: pass s.answer() to servedBy, so the
                          checker compares what your code returns with what the brief's data says.""",
                        question, expected.get(i).label()));
            }
        }
    }
}
