package workshop.bonus.leaderboard;

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
 * The open design is graded by the catalogue checker alone: every question declared at the
 * brief's rate, every sample carrying the brief's answer, and every plan and answer holding when it
 * runs against the store.
 */
@ExtendWith(CassandraExtension.class)
class LeaderboardCatalogueTest {

    @Test
    void theCheckerPassesEveryQuestionAtTheBriefsRate(TracingSession traced) {
        LeaderboardCatalogue catalogue = new LeaderboardCatalogue();
        CatalogueReport report = CatalogueCheck.on(traced).run(catalogue);
        BriefExpectations.assertDeclaresTheBrief(catalogue.patterns(), LeaderboardQuestions.values(),
                "LeaderboardQuestions.L1.pattern()");
        for (AccessPattern pattern : catalogue.patterns()) {
            BriefExpectations.assertEverySampleCarriesAnAnswer(pattern, "LeaderboardAnswers...(same arguments)");
        }
        CostExpectations.assertCatalogueHolds(report);
    }
}
