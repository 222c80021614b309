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
 * The brief: a fleet of sensors, each sending up to one reading a second (86,400 a day), kept for
 * years; the questions and their rates are in {@link SensorQuestions}. The tables are yours to
 * design from those rates. The checker holds every question above ~500/s to one partition, and
 * no partition may hold a sensor's whole history.
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
        // TODO: the tables that serve S1-S6, from their rates
        throw new UnsupportedOperationException("TODO: create the tables that serve S1-S6");
    }

    /** Stores the readings in every table that needs them. */
    public void load(List<Reading> readings) {
        // TODO: store the readings (workshop.kit.cassandra.BulkWriter loads thousands quickly)
        throw new UnsupportedOperationException("TODO: store the readings");
    }

    /**
     * S1: the n newest readings of the sensor, newest first, looking back at most 7 days from today.
     *
     * @throws IllegalArgumentException when n is not between 1 and 1,000
     */
    public List<Reading> latest(String sensorId, int n) {
        // TODO: S1
        throw new UnsupportedOperationException("TODO: read the newest readings of one sensor");
    }

    /** S2: every reading of the sensor on that day (UTC), oldest first. */
    public List<Reading> day(String sensorId, LocalDate day) {
        // TODO: S2
        throw new UnsupportedOperationException("TODO: read one sensor's day");
    }

    /** S3: the latest reading of each sensor of the site, ordered by sensor id. */
    public List<Reading> siteOverview(String siteId) {
        // TODO: S3
        throw new UnsupportedOperationException("TODO: read a site's latest readings");
    }

    /** S4: the ids of the sensors with a reading above the threshold in that month (UTC), sorted. */
    public List<String> exceedances(YearMonth month, double threshold) {
        // TODO: S4
        throw new UnsupportedOperationException("TODO: scan for the month's exceedances");
    }

    /** S6: the sensor's reading at exactly that time, if there is one. */
    public Optional<Reading> reading(String sensorId, Instant time) {
        // TODO: S6
        throw new UnsupportedOperationException("TODO: read one reading");
    }
}
