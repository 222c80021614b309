package workshop.kit.catalogue.dynamo;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;

/**
 * A DynamoDB design's access patterns together with the tables, indexes and data that serve them:
 * what {@link DynamoCatalogueCheck} runs, and what {@code ./jbang catalogue} runs on a class of your
 * own, as it runs a Cassandra {@link workshop.kit.catalogue.Catalogue}. A class implementing it
 * needs a constructor without arguments.
 */
public interface DynamoCatalogue {

    /** A short name for the report. */
    String name();

    /** The tables as the design plans them, with their indexes: reviewed and drawn before they exist, then created by the checker. */
    List<CreateTableRequest> tables();

    /**
     * The realistic data of one of {@link #tables()}: enough items that a Scan costs what a Scan
     * costs. Drawn by the plan review, loaded by the checker; no store is needed to make them.
     */
    List<Map<String, AttributeValue>> items(String table);

    /**
     * Called once the tables exist and hold their items. Keep the client: the code of every pattern
     * calls it, and the checker meters each call. A call on another client is not measured.
     */
    void setUp(DynamoDbClient client);

    /** The patterns, each with its plan and the code that serves it; a plan review calls it without setUp. */
    List<DynamoPattern> patterns();
}
