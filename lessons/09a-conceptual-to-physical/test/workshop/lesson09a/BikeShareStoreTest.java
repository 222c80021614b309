package workshop.lesson09a;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.cost.TracingSession;
import workshop.kit.model.LogicalModel;
import workshop.kit.model.PhysicalTables;
import workshop.kit.model.Query;
import workshop.kit.model.Workflow;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

/**
 * The physical model on the cluster: the logical model's tables with the conceptual model's types,
 * loaded with the brief's data, each question run on its table and checked for its cost (one
 * partition, only the answer's rows) and its answer, worked out from the data apart from the tables.
 */
@ExtendWith(CassandraExtension.class)
class BikeShareStoreTest {

    private static final int PAGE = 10;
    private static final String RIDER = "rider-03";
    private static final String DISTRICT = "harbour";

    private static final BikeShareModel MODEL = new BikeShareModel();
    private static LogicalModel logical;
    private static Workflow workflow;
    private static Map<String, Long> written;

    /** Builds the tables and loads the data once; while the model throws, every test fails with its error. */
    @BeforeEach
    void buildOnce(CqlSession session) {
        if (written != null) {
            return;
        }
        logical = MODEL.logical();
        workflow = MODEL.workflow();
        PhysicalTables.create(session, MODEL.conceptual(), logical);
        written = PhysicalTables.load(session, logical, "bike-share data", BikeShareData.rows());
    }

    @Test
    @DisplayName("every table takes the brief's rows")
    void everyTableTakesTheData() {
        written.forEach((table, rows) -> assertTrue(rows > 0, () -> "No row of the brief's data covers the columns of " + table
                + ": name columns after the brief's attributes, and only those its rows carry."));
    }

    @ParameterizedTest(name = "{0} reads one partition and answers right")
    @EnumSource(RideQuestions.class)
    void eachQuestionReadsOnePartitionAndAnswersRight(RideQuestions question, TracingSession traced) {
        Query query = workflow.query(question.name()).orElseThrow(() -> new AssertionError("The workflow has no " + question));
        AccessPattern pattern = logical.patterns(workflow).stream().filter(p -> p.id().equals(question.name())).findFirst().orElseThrow();
        CatalogueCheck checker = CatalogueCheck.on(traced);
        // statements run on the checker's session, so it sees each one it traces
        CqlSession session = checker.session();
        List<Instant> times = new ArrayList<>();
        AccessPattern served = switch (question) {
            case B1 -> {
                PreparedStatement newest = session.prepare(logical.select(query) + " LIMIT " + PAGE);
                yield pattern.servedBy(RIDER + ", a page", Answer.inOrder(BikeShareData.newestRidesOf(RIDER, PAGE)),
                        () -> ids(session.execute(newest.bind(RIDER)).all(), "ride_id", times));
            }
            case B2 -> {
                PreparedStatement between = session.prepare(logical.select(query));
                Instant from = BikeShareData.RUSH.minus(Duration.ofDays(3));
                // the group's rides started in one second: any order among them, the newest first around them
                yield pattern.servedBy(BikeShareData.BUSY_STATION + ", at rush hour",
                        Answer.anyOrder(BikeShareData.ridesAt(BikeShareData.BUSY_STATION, from, BikeShareData.NOW)),
                        () -> ids(session.execute(between.bind(BikeShareData.BUSY_STATION, from, BikeShareData.NOW)).all(), "ride_id", times));
            }
            case B3 -> {
                PreparedStatement stations = session.prepare(logical.select(query));
                yield pattern.servedBy(DISTRICT, Answer.inOrder(BikeShareData.stationsIn(DISTRICT)),
                        () -> ids(session.execute(stations.bind(DISTRICT)).all(), "station_id", times));
            }
        };
        CatalogueReport report = checker.check("bike share, " + question, List.of(served));
        CostExpectations.assertPatternHolds(report, question.name());
        for (int i = 1; i < times.size(); i++) {
            assertTrue(!times.get(i).isAfter(times.get(i - 1)), question + " returned an older ride before a newer one: newest first");
        }
    }

    private static List<String> ids(List<Row> rows, String column, List<Instant> times) {
        if (rows.stream().findFirst().map(r -> r.getColumnDefinitions().contains("started_at")).orElse(false)) {
            rows.forEach(r -> times.add(r.getInstant("started_at")));
        }
        return rows.stream().map(r -> r.getString(column)).toList();
    }
}
