package workshop.lesson09;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Optional;

/**
 * Exercise 09, part 1: the tables and statements of a sensor-readings application.
 *
 * In production each sensor sends up to one reading a second and readings are kept for years,
 * so no partition may hold a sensor's whole history. The busy questions (S1, S2, S3 in
 * {@link SensorQuestions}) must each read one partition; the rare ones may reuse a key or scan.
 * The session is bound to a keyspace of your own: write table names without a keyspace, and use
 * prepared statements with bound values. The clock says what "today" is.
 */
public class SensorStore {

    private final CqlSession session;
    private final Clock clock;

    public SensorStore(CqlSession session, Clock clock) {
        this.session = session;
        this.clock = clock;
    }

    /** Creates the tables (if they do not exist yet) and prepares the statements. */
    public void createTables() {
        // TODO: one table per busy question that no other table's key serves; bound its partitions with a time bucket
        throw new UnsupportedOperationException("TODO: create the tables that serve S1-S6");
    }

    /** Stores the readings in every table that needs them. */
    public void load(List<Reading> readings) {
        // TODO: write each reading to each table (workshop.kit.cassandra.BulkWriter loads thousands quickly)
        throw new UnsupportedOperationException("TODO: store the readings");
    }

    /**
     * S1: the n newest readings of the sensor, newest first, looking back at most 7 days from today.
     *
     * @throws IllegalArgumentException when n is not between 1 and 1,000
     */
    public List<Reading> latest(String sensorId, int n) {
        // TODO: start in today's partition; while short of n, step back one day, one request at a time
        throw new UnsupportedOperationException("TODO: read the newest readings of one sensor");
    }

    /** S2: every reading of the sensor on that day (UTC), oldest first. */
    public List<Reading> day(String sensorId, LocalDate day) {
        // TODO: one partition, read in the other direction
        throw new UnsupportedOperationException("TODO: read one sensor's day");
    }

    /** S3: the latest reading of each sensor of the site, ordered by sensor id. */
    public List<Reading> siteOverview(String siteId) {
        // TODO: one partition of a table that keeps the latest reading per sensor of a site
        throw new UnsupportedOperationException("TODO: read a site's latest readings");
    }

    /** S4: the ids of the sensors with a reading above the threshold in that month (UTC), sorted. */
    public List<String> exceedances(YearMonth month, double threshold) {
        // TODO: a batch job: scan, filter, collect
        throw new UnsupportedOperationException("TODO: scan for the month's exceedances");
    }

    /** S6: the sensor's reading at exactly that time, if there is one. */
    public Optional<Reading> reading(String sensorId, Instant time) {
        // TODO: bind the whole primary key
        throw new UnsupportedOperationException("TODO: read one reading");
    }
}
