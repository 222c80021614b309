package workshop.lesson09;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.TableShape;

/** Reference solution: every busy question reads one partition; the rare ones say where they go. */
public class SensorCatalogue implements Catalogue {

    private SensorStore store;

    @Override
    public String name() {
        return "sensor readings";
    }

    @Override
    public void setUp(CqlSession session) {
        store = new SensorStore(session, SensorFleet.CLOCK);
        store.createTables();
        store.load(SensorFleet.readings());
    }

    @Override
    public List<AccessPattern> patterns() {
        LocalDate yesterday = LocalDate.now(SensorFleet.CLOCK).minusDays(1);
        Reading alerted = SensorFleet.readings().get(SensorFleet.readings().size() / 2);
        return List.of(
                // tag::busy-patterns[]
                SensorQuestions.S1.pattern()
                        .plan(Plan.range("readings_by_sensor").walking(SensorStore.MOST_DAYS,
                                "a sensor with fewer than 50 readings today steps back one day at a time, at most a week"))
                        .servedBy("busy sensor", () -> store.latest(SensorFleet.BUSY_SENSOR, 50))
                        .servedBy("quiet sensor", () -> store.latest(SensorFleet.QUIET_SENSOR, 50)),
                SensorQuestions.S2.pattern().plan(Plan.range("readings_by_sensor"))
                        .servedBy("busy sensor, yesterday", () -> store.day(SensorFleet.BUSY_SENSOR, yesterday)),
                // end::busy-patterns[]
                SensorQuestions.S3.pattern().plan(Plan.range("latest_by_site"))
                        .servedBy(SensorFleet.SITE, () -> store.siteOverview(SensorFleet.SITE)),
                // tag::rare-patterns[]
                SensorQuestions.S4.pattern()
                        .plan(Plan.batchJob("readings_by_sensor", "a monthly job scans every partition and keeps the readings above the threshold"))
                        .servedBy("February", () -> store.exceedances(YearMonth.from(yesterday), SensorFleet.ALERT_THRESHOLD)),
                SensorQuestions.S5.pattern()
                        .plan(Plan.searchIndex("sensors", "descriptions are free text: a search index over the sensor registry finds words in them")),
                // end::rare-patterns[]
                SensorQuestions.S6.pattern().plan(Plan.point("readings_by_sensor"))
                        .servedBy("an alert's link", () -> store.reading(alerted.sensorId(), alerted.time())));
    }

    public SensorStore store() {
        return store;
    }

    /** The tables the plans read, keyed as the worksheet decided: the build is checked against them. */
    @Override
    public List<TableShape> plannedTables() {
        return List.of(
                TableShape.table("readings_by_sensor").partitionKey("sensor_id text", "day date")
                        .clustering("time timestamp", Mark.DESCENDING).columns("site_id text", "value double"),
                TableShape.table("latest_by_site").partitionKey("site_id text").clustering("sensor_id text", Mark.ASCENDING)
                        .columns("time timestamp", "value double"));
    }
}
