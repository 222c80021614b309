package workshop.lesson06d;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.catalogue.dynamo.DynamoCatalogue;
import workshop.kit.catalogue.dynamo.DynamoCatalogueCheck;
import workshop.kit.catalogue.dynamo.DynamoPattern;
import workshop.kit.catalogue.dynamo.DynamoPlan;
import workshop.kit.catalogue.dynamo.DynamoPlanReview;
import workshop.kit.catalogue.dynamo.DynamoReport;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostFailure;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

/**
 * The design graded through its catalogue, as lesson 09's is for Cassandra: O1 to O5 declared at
 * the brief's rates, every plan reviewed before the table exists, then the table built and each
 * question's code measured on the emulator against its plan; then the order page's plan held to the
 * brief's largest order, which no sample reaches (the review's failures are shown first).
 */
@ExtendWith(DynamoExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OrderSystemCatalogueTest {

    @Test
    @Order(1)
    @DisplayName("the catalogue declares O1 to O5, and serves each one as its plan says")
    void everyQuestionIsServedAsPlanned(DynamoDbClient client, TableNames tables) {
        DynamoCatalogue catalogue = new OrderSystem(client, tables.of("shop")).catalogue();
        Map<String, DynamoPattern> byId = catalogue.patterns().stream().collect(Collectors.toMap(DynamoPattern::id, p -> p));
        assertEquals(Arrays.stream(OrderQuestions.values()).map(Enum::name).collect(Collectors.toSet()), byId.keySet(),
                "one pattern per OrderQuestions value, named by it (OrderQuestions.O1.pattern() does that)");
        for (OrderQuestions question : OrderQuestions.values()) {
            assertEquals(question.brief().rate(), byId.get(question.name()).rate(), question + "'s rate comes from the brief");
        }
        DynamoReport plans = DynamoPlanReview.of(catalogue);
        if (!plans.passed()) {
            throw new CostFailure("A plan of the catalogue breaks a rule before any table exists. The review:\n" + plans.render());
        }
        try (DynamoCatalogueCheck checker = DynamoCatalogueCheck.on(Dynamo.findOrStart())) {
            DynamoReport report = checker.run(catalogue);
            if (!report.passed()) {
                throw new CostFailure("The design does not serve every question as its catalogue plans it. The check:\n"
                        + report.render());
            }
        }
    }
    @Test
    @Order(2)
    @DisplayName("O3: the catalogue's plan holds for the brief's largest order, not only for the samples")
    void theOrderPlanHoldsForTheLargestOrder(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        OrderSystem shop = new OrderSystem(client, tables.of("largest"));
        shop.createTable();
        shop.addCustomer(LargestOrderTest.BUSINESS);
        shop.placeOrder(LargestOrderTest.largest("o-951"));
        DynamoCost cost = metered.measure(() -> shop.order("o-951")).cost();
        DynamoPlan plan = shop.catalogue().patterns().stream().filter(pattern -> pattern.id().equals("O3"))
                .map(DynamoPattern::plan).findFirst().orElseThrow();
        List<String> reasons = DynamoCatalogueCheck.againstPlan(plan, cost);
        if (!reasons.isEmpty()) {
            throw new CostFailure(String.format("""
                    O3's plan does not hold for order("o-951") of %,d lines, the brief's largest: %s
                      A plan is sized for the brief's largest answer; the samples' orders of 4 lines are not it.""",
                    Shop.MOST_LINES_PER_ORDER, String.join(" ", reasons)));
        }
    }
}
