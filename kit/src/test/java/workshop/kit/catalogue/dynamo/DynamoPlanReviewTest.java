package workshop.kit.catalogue.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.Verdict;
import workshop.kit.dynamo.Tables;

/** The review's size rule where a local secondary index holds an item collection, on plans alone: no store. */
class DynamoPlanReviewTest {

    /** A device's readings, 2 KB each, 6 million under one device at the brief's largest: 11.4 GB. */
    private static final DynamoPattern READINGS = DynamoPattern.of("R1", "A device's readings by type").rate(Rate.perSecond(50))
            .plan(DynamoPlan.query("readings", "device = :d", 100)).sized(2 * 1024, 6_000_000);

    private record Design(CreateTableRequest table, List<DynamoPattern> patterns) implements DynamoCatalogue {

        @Override
        public String name() {
            return "readings";
        }

        @Override
        public List<CreateTableRequest> tables() {
            return List.of(table);
        }

        @Override
        public List<Map<String, AttributeValue>> items(String name) {
            return List.of();
        }

        @Override
        public void setUp(DynamoDbClient client) {
            throw new UnsupportedOperationException("a plan review never sets up");
        }
    }

    private static CreateTableRequest.Builder readings() {
        return Tables.keyed("readings", "device", ScalarAttributeType.S, "taken_at", ScalarAttributeType.S);
    }

    @Test
    void anItemCollectionPastTenGigabytesFailsWhereALocalIndexHoldsIt() {
        CreateTableRequest withLocalIndex = readings().localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("by_type")
                .keySchema(Tables.key("device", KeyType.HASH), Tables.key("type", KeyType.RANGE))
                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build()).build();
        DynamoReport report = DynamoPlanReview.of(new Design(withLocalIndex, List.of(READINGS)));
        assertEquals(Verdict.FAILED, report.results().get(0).verdict(), report.render());
        assertTrue(report.reasons("R1").contains("an item collection of 11.4 GB (6,000,000 items of 2 KB)"), report.render());
        assertTrue(report.reasons("R1").contains("local secondary index by_type caps an item collection at 10 GB"), report.render());
    }

    @Test
    void theSameCollectionWithoutALocalIndexKeepsTheRules() {
        DynamoReport report = DynamoPlanReview.of(new Design(readings().build(), List.of(READINGS)));
        assertEquals(Verdict.PLANNED, report.results().get(0).verdict(), report.render());
    }
}
