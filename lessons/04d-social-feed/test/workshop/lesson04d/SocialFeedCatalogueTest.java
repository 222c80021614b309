package workshop.lesson04d;

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
 * The design graded by the catalogue checker: F1 to F3 declared at the brief's rates, served on
 * the oracle's samples, each run returning the oracle's answer at the cost its plan declares.
 */
@ExtendWith(CassandraExtension.class)
class SocialFeedCatalogueTest {

    @Test
    void everyQuestionAnswersRightAtItsDeclaredCost(TracingSession traced) {
        SocialFeed feed = new SocialFeed();
        CatalogueReport report = CatalogueCheck.on(traced).run(feed);
        Map<String, AccessPattern> byId = BriefExpectations.assertDeclaresTheBrief(feed.patterns(), FeedQuestions.values(),
                "FeedQuestions.F1.pattern(), F2 and F3; F4 is graded by PostTest");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("F1"), FeedOracle.feeds(), "FeedOracle.feeds()");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("F2"), FeedOracle.badges(), "FeedOracle.badges()");
        BriefExpectations.assertServedOnTheOraclesSamples(byId.get("F3"), FeedOracle.profiles(), "FeedOracle.profiles()");
        CostExpectations.assertCatalogueHolds(report);
    }
}
