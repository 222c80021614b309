package workshop.lesson07d;

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
 * The design graded by the catalogue checker: every catalogued question declared at the brief's
 * rate, served on the oracle's samples, and each run returning the oracle's answer at the cost
 * its plan declares.
 */
@ExtendWith(CassandraExtension.class)
class TicketCatalogueTest {

    @Test
    void everyQuestionAnswersRightAtItsDeclaredCost(TracingSession traced) {
        TicketBooking booking = new TicketBooking();
        CatalogueReport report = CatalogueCheck.on(traced).run(booking);
        Map<String, AccessPattern> byId = BriefExpectations.assertDeclaresTheBrief(booking.patterns(), TicketQuestions.values(),
                "TicketQuestions.T1.pattern(); T4 is graded by the race test");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("T1"), TicketOracle.eventPage(), "TicketOracle.eventPage()");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("T2"), TicketOracle.seatMap(), "TicketOracle.seatMap()");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("T3"), TicketOracle.hold(), "TicketOracle.hold()");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("T5"), TicketOracle.tickets(), "TicketOracle.tickets()");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("T6"), TicketOracle.sales(), "TicketOracle.sales()");
        CostExpectations.assertCatalogueHolds(report);
    }
}
