package workshop.lesson08d;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import workshop.kit.catalogue.OracleSample;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;
import workshop.testkit.OracleExpectations;

/**
 * The design graded by the catalogue checker: E1 and E2 declared at the brief's rates, served on
 * the oracle's samples, each run returning the oracle's answer at the cost its plan declares.
 */
@ExtendWith(CassandraExtension.class)
class EventLogCatalogueTest {

    static final Map<EventQuestions, List<OracleSample<String>>> SAMPLES = Map.of(
            EventQuestions.E1, EventOracle.firstPages(), EventQuestions.E2, EventOracle.dashboards());
    static final Map<EventQuestions, String> CALLS = Map.of(
            EventQuestions.E1, "EventOracle.firstPages()", EventQuestions.E2, "EventOracle.dashboards()");

    @Test
    void everyQuestionAnswersRightAtItsDeclaredCost(TracingSession traced) {
        EventLog log = new EventLog();
        CatalogueReport report = CatalogueCheck.on(traced).run(log);
        Map<String, AccessPattern> byId = log.patterns().stream()
                .collect(Collectors.toMap(AccessPattern::id, Function.identity()));
        assertEquals(Arrays.stream(EventQuestions.values()).filter(EventQuestions::catalogued).map(Enum::name)
                        .collect(Collectors.toSet()), byId.keySet(),
                "one pattern per catalogued question (EventQuestions.E1.pattern() and E2; E3 is graded by EventTablesTest)");
        for (EventQuestions question : SAMPLES.keySet()) {
            AccessPattern pattern = byId.get(question.name());
            assertEquals(question.brief().rate(), pattern.rate(), question + "'s rate comes from the brief");
            assertEquals(question.brief().p99(), pattern.p99(), question + "'s p99 target comes from the brief");
            OracleExpectations.assertServedOnTheOraclesSamples(pattern, SAMPLES.get(question), CALLS.get(question));
        }
        CostExpectations.assertCatalogueHolds(report);
    }
}
