package workshop.lesson08d;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.cost.TracingSession;
import workshop.testkit.BriefExpectations;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

/**
 * The design graded by the catalogue checker: E1 and E2 declared at the brief's rates, served on
 * the oracle's samples, each run returning the oracle's answer at the cost its plan declares.
 */
@ExtendWith(CassandraExtension.class)
class EventLogCatalogueTest {

    @Test
    void everyQuestionAnswersRightAtItsDeclaredCost(TracingSession traced) {
        EventLog log = new EventLog();
        CatalogueReport report = CatalogueCheck.on(traced).run(log);
        Map<String, AccessPattern> byId = BriefExpectations.assertDeclaresTheBrief(log.patterns(), EventQuestions.values(),
                "EventQuestions.E1.pattern() and E2; E3 is graded by EventTablesTest");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("E1"), EventOracle.firstPages(), "EventOracle.firstPages()");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("E2"), EventOracle.dashboards(), "EventOracle.dashboards()");
        CostExpectations.assertCatalogueHolds(report);
    }
}
