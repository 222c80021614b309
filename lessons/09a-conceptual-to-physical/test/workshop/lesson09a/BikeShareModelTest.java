package workshop.lesson09a;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import workshop.kit.catalogue.Mark;
import workshop.kit.model.Attribute;
import workshop.kit.model.ConceptualModel;
import workshop.kit.model.MappingRules;
import workshop.kit.model.Query;
import workshop.kit.model.Relationship;
import workshop.kit.model.Violation;

/** The model as data, before any table: the brief's data, its questions, and the logical model by the mapping rules. */
class BikeShareModelTest {

    private final BikeShareModel model = new BikeShareModel();

    /** The brief's attributes and their types, by entity. */
    private static final Map<String, Map<String, String>> DATA = Map.of(
            "Station", Map.of("station_id", "text", "station_name", "text", "district", "text"),
            "Rider", Map.of("rider_id", "text", "rider_name", "text"),
            "Ride", Map.of("ride_id", "text", "started_at", "timestamp", "minutes", "int"));

    /** What each question finds, fixes by =, searches by range, and the order it wants. */
    private record Asks(String finds, Set<String> equality, Optional<String> range, List<Query.Order> order) {}

    private static final Map<RideQuestions, Asks> ASKS = Map.of(
            RideQuestions.B1, new Asks("Ride", Set.of("rider_id"), Optional.empty(), List.of(new Query.Order("started_at", Mark.DESCENDING))),
            RideQuestions.B2, new Asks("Ride", Set.of("station_id"), Optional.of("started_at"),
                    List.of(new Query.Order("started_at", Mark.DESCENDING))),
            RideQuestions.B3, new Asks("Station", Set.of("district"), Optional.empty(), List.of(new Query.Order("station_name", Mark.ASCENDING))));

    @Test
    @DisplayName("the conceptual model holds the brief's entities, attributes and relationships")
    void conceptualModelHoldsTheBriefsData() {
        ConceptualModel conceptual = model.conceptual();
        DATA.forEach((entity, attributes) -> {
            assertTrue(conceptual.entity(entity).isPresent(), () -> "The brief's data has " + entity + "s: add Entity.of(\"" + entity + "\")");
            attributes.forEach((name, type) -> {
                Optional<String> owner = conceptual.owner(name);
                assertEquals(Optional.of(entity), owner, () -> name + " is an attribute of " + entity + " in the brief");
                assertEquals(type, conceptual.attribute(name).map(Attribute::type).orElseThrow(),
                        () -> name + " is " + type + " in the brief: BikeShareData gives it so");
            });
        });
        for (String one : List.of("Rider", "Station")) {
            assertTrue(conceptual.relationships().stream().anyMatch(r -> r.from().equals(one) && r.to().equals("Ride")
                            && r.cardinality() == Relationship.Cardinality.ONE_TO_MANY),
                    () -> "A " + one.toLowerCase() + " has many rides, a ride one " + one.toLowerCase()
                            + ": Relationship.of(\"...\", \"" + one + "\", Cardinality.ONE_TO_MANY, \"Ride\")");
        }
    }

    @ParameterizedTest(name = "the workflow asks {0} as the brief does")
    @EnumSource(RideQuestions.class)
    void workflowAsksTheBriefsQuestions(RideQuestions question) {
        Query query = model.workflow().query(question.name())
                .orElseThrow(() -> new AssertionError("The workflow has no " + question + ": add Query.of(\"" + question + "\", ...)"));
        Asks asks = ASKS.get(question);
        assertEquals(question.rate(), query.rate(), () -> question + " is asked " + question.rate() + " in the brief");
        assertEquals(question.p99(), query.p99(), () -> question + "'s p99 target is " + question.p99().toMillis() + " ms");
        assertEquals(asks.finds(), query.rows(), () -> question + " (\"" + question.question() + "\") lists " + asks.finds() + "s");
        assertEquals(asks.equality(), Set.copyOf(query.equality()), () -> question + " fixes " + asks.equality() + " by =");
        assertEquals(asks.range(), query.range(), () -> asks.range().map(r -> question + " searches " + r + " by range, between two values")
                .orElse(question + " searches nothing by range"));
        assertEquals(asks.order(), query.order(), () -> question + " wants its answer by " + asks.order()
                + (asks.order().get(0).direction() == Mark.DESCENDING ? ": newest first is descending" : ""));
    }

    @Test
    @DisplayName("the logical model keeps Chebotko's mapping rules for every question")
    void logicalModelKeepsTheMappingRules() {
        List<Violation> violations = MappingRules.check(model.conceptual(), model.workflow(), model.logical());
        if (!violations.isEmpty()) {
            fail("The logical model breaks the mapping rules:\n" + violations.stream().map(v -> "  " + v)
                    .collect(Collectors.joining("\n")) + "\nCompare with MappingRules.derive(conceptual(), workflow()).");
        }
    }
}
