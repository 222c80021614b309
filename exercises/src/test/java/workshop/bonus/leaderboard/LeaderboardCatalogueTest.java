package workshop.bonus.leaderboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Arrays;
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
        Map<String, AccessPattern> byId = catalogue.patterns().stream()
                .collect(Collectors.toMap(AccessPattern::id, Function.identity()));
        assertEquals(Arrays.stream(LeaderboardQuestions.values()).map(Enum::name).collect(Collectors.toSet()), byId.keySet(),
                "one pattern per LeaderboardQuestions value (LeaderboardQuestions.L1.pattern() and so on)");
        for (LeaderboardQuestions question : LeaderboardQuestions.values()) {
            assertEquals(question.rate(), byId.get(question.name()).rate(), question + "'s rate comes from the brief");
            assertEquals(question.p99(), byId.get(question.name()).p99(), question + "'s p99 target comes from the brief");
            for (AccessPattern.Sample sample : byId.get(question.name()).samples()) {
                assertNotNull(sample.answer(), question + " (" + sample.label() + ") carries no answer, so nothing checks what it"
                        + " returns: .servedBy(\"" + sample.label() + "\", LeaderboardAnswers...(same arguments), () -> ...)");
            }
        }
        CostExpectations.assertCatalogueHolds(report);
    }
}
