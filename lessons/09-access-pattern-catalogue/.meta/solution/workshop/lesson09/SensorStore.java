package workshop.lesson09;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Keyspaces;

/**
 * Reference solution. readings_by_sensor holds one sensor's day per partition, newest first: it
 * serves S1 (stepping back a day when today is short), S2 (read the other way) and S6 (one row).
 * latest_by_site keeps one row per sensor of a site for S3. S4 scans; S5 belongs in a search index.
 */
public class SensorStore {

    /** S1 looks back at most this many days, one partition at a time. */
    static final int MOST_DAYS = 7;

    private final CqlSession session;
    private final Clock clock;
    private PreparedStatement insertReading;
    private PreparedStatement upsertLatest;
    private PreparedStatement newest;
    private PreparedStatement wholeDay;
    private PreparedStatement latestOfSite;
    private PreparedStatement everyReading;
    private PreparedStatement one;

    public SensorStore(CqlSession session, Clock clock) {
        this.session = session;
        this.clock = clock;
    }

    public void createTables() {
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS readings_by_sensor (
                  sensor_id text, day date, time timestamp, site_id text, value double,
                  PRIMARY KEY ((sensor_id, day), time))
                WITH CLUSTERING ORDER BY (time DESC)"""));
        session.execute(Keyspaces.schema("""
                CREATE TABLE IF NOT EXISTS latest_by_site (
                  site_id text, sensor_id text, time timestamp, value double,
                  PRIMARY KEY ((site_id), sensor_id))"""));
        insertReading = session.prepare("INSERT INTO readings_by_sensor (sensor_id, day, time, site_id, value) VALUES (?, ?, ?, ?, ?)");
        // The reading's own time as the write timestamp: an older reading arriving late cannot replace a newer one.
        upsertLatest = session.prepare("INSERT INTO latest_by_site (site_id, sensor_id, time, value) VALUES (?, ?, ?, ?) USING TIMESTAMP ?");
        newest = session.prepare("SELECT site_id, sensor_id, time, value FROM readings_by_sensor WHERE sensor_id = ? AND day = ? LIMIT ?");
        wholeDay = session.prepare("SELECT site_id, sensor_id, time, value FROM readings_by_sensor WHERE sensor_id = ? AND day = ? ORDER BY time ASC");
        latestOfSite = session.prepare("SELECT site_id, sensor_id, time, value FROM latest_by_site WHERE site_id = ?");
        everyReading = session.prepare("SELECT sensor_id, day, value FROM readings_by_sensor");
        one = session.prepare("SELECT site_id, sensor_id, time, value FROM readings_by_sensor WHERE sensor_id = ? AND day = ? AND time = ?");
    }

    public void load(List<Reading> readings) {
        BulkWriter.write(session, "sensor readings", readings.size() * 2L, i -> {
            Reading r = readings.get((int) (i / 2));
            return i % 2 == 0 ? insertReading.bind(r.sensorId(), dayOf(r.time()), r.time(), r.siteId(), r.value())
                    : upsertLatest.bind(r.siteId(), r.sensorId(), r.time(), r.value(), r.time().toEpochMilli() * 1000);
        });
    }

    public List<Reading> latest(String sensorId, int n) {
        if (n < 1 || n > 1_000) {
            throw new IllegalArgumentException("n must be between 1 and 1,000, was " + n);
        }
        List<Reading> found = new ArrayList<>();
        LocalDate day = LocalDate.now(clock);
        for (int back = 0; back < MOST_DAYS && found.size() < n; back++, day = day.minusDays(1)) {
            session.execute(newest.bind(sensorId, day, n - found.size())).forEach(row -> found.add(reading(row)));
        }
        return found;
    }

    public List<Reading> day(String sensorId, LocalDate day) {
        return session.execute(wholeDay.bind(sensorId, day)).all().stream().map(SensorStore::reading).toList();
    }

    public List<Reading> siteOverview(String siteId) {
        return session.execute(latestOfSite.bind(siteId)).all().stream().map(SensorStore::reading).toList();
    }

    public List<String> exceedances(YearMonth month, double threshold) {
        return session.execute(everyReading.bind()).all().stream()
                .filter(row -> YearMonth.from(row.getLocalDate("day")).equals(month) && row.getDouble("value") > threshold)
                .map(row -> row.getString("sensor_id")).distinct().sorted().toList();
    }

    public Optional<Reading> reading(String sensorId, Instant time) {
        return Optional.ofNullable(session.execute(one.bind(sensorId, dayOf(time), time)).one()).map(SensorStore::reading);
    }

    private static LocalDate dayOf(Instant time) {
        return LocalDate.ofInstant(time, ZoneOffset.UTC);
    }

    private static Reading reading(Row row) {
        return new Reading(row.getString("site_id"), row.getString("sensor_id"), row.getInstant("time"), row.getDouble("value"));
    }
}
