package workshop.lesson09;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;

/**
 * Exercise 09, part 2: the sensor application's access-pattern catalogue. One pattern per
 * {@link SensorQuestions} value, each with its declared plan (workshop.kit.catalogue.Plan) and,
 * unless a search index serves it, the {@link SensorStore} call that serves it on sample
 * arguments from {@link SensorFleet}. Check it with ./jbang check 09, or see the checker's whole
 * report with ./jbang catalogue.
 *
 * Plan first: declare the patterns, then review them with no table built:
 *   ./jbang catalogue --plan lessons/09-access-pattern-catalogue/src/workshop/lesson09 lessons/09-access-pattern-catalogue/given/workshop/lesson09
 * Declare your tables in plannedTables() too (TableShape.table(...)) and the review draws their keys;
 * ./jbang catalogue then draws your built schema beside the plan and marks where they differ.
 */
public class SensorCatalogue implements Catalogue {

    private SensorStore store;

    @Override
    public String name() {
        return "sensor readings";
    }

    /** Creates the store's tables and loads SensorFleet.readings(); keeps the store for the patterns. */
    @Override
    public void setUp(CqlSession session) {
        // TODO: a SensorStore on this session and SensorFleet.CLOCK, its tables, the fleet's readings
        throw new UnsupportedOperationException("TODO: create the tables and load the fleet's readings");
    }

    @Override
    public List<AccessPattern> patterns() {
        // TODO: S1 to S6: SensorQuestions.S1.pattern().plan(...).servedBy("a sample", () -> ...), and so on
        throw new UnsupportedOperationException("TODO: declare the catalogue");
    }

    /** The store setUp created, for the tests. */
    public SensorStore store() {
        return store;
    }
}
