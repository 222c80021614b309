package workshop.lesson09;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;
import workshop.testkit.Interposed;
import workshop.testkit.ListExpectations;
import workshop.testkit.MachineZone;

/**
 * Grades the sensor catalogue twice over: the checker runs every pattern the way the catalogue
 * declares it, and each call must return the right readings, checked again on arguments the
 * tests choose (a busy sensor and a quiet one).
 */
@ExtendWith(CassandraExtension.class)
class SensorCatalogueTest {

    private static final LocalDate TODAY = LocalDate.now(SensorFleet.CLOCK);
    private static final YearMonth FEBRUARY = YearMonth.of(2024, 2);
    private static final YearMonth MARCH = YearMonth.of(2024, 3);

    /** The brief's rate limit: a sensor sends up to one reading a second. */
    private static final Duration FASTEST = Duration.ofSeconds(1);
    /** Half an hour at that rate: past any cap drawn from the fleet's 144 a day, and quick to load. */
    private static final Duration BURST = Duration.ofMinutes(30);
    /** Sensors the tests add, at a site of their own and below the alert threshold, so no fleet answer changes. */
    private static final String ELSEWHERE = "site-z";
    private static final double CALM = SensorFleet.ALERT_THRESHOLD / 2;
    private static final String FLOODING_SENSOR = "z-flood-1";
    private static final String SILENT_SENSOR = "z-silent-1";
    private static final String MIDNIGHT_SENSOR = "z-midnight-1";
    /** The sensors the tests added so far, beside the fleet's. */
    private static final Set<String> ADDED = new HashSet<>();
    private static final String ONLY_THE_ANSWER = """
            Read only the answer's rows: the whole partition key, a clustering range or a LIMIT in the
              statement, so the store stops where the answer ends.""";

    private static TracingSession session;
    private static SensorCatalogue catalogue;
    private static CatalogueCheck checker;
    private static CatalogueReport report;

    /** Sets the catalogue up and checks it once; while setUp or patterns fail, every test fails with their error. */
    @BeforeEach
    void checkOnce(TracingSession traced) {
        if (report != null) {
            return;
        }
        SensorCatalogue fresh = new SensorCatalogue();
        CatalogueCheck check = CatalogueCheck.on(traced);
        CatalogueReport checked = check.run(fresh);
        session = traced;
        checker = check;
        catalogue = fresh;
        report = checked;
    }

    private static AccessPattern declared(SensorQuestions question) {
        return catalogue.patterns().stream().filter(p -> p.id().equals(question.name())).findFirst()
                .orElseThrow(() -> new AssertionError("The catalogue declares no " + question + ": add " + question + ".pattern()..."));
    }

    /** Checks the catalogue's plan for the question on a sample the test chooses, and returns the answer. */
    private static <T> T servedAsDeclared(SensorQuestions question, String sample, Supplier<T> call) {
        return served(question, sample, call).answer();
    }

    /**
     * As servedAsDeclared, and read no more rows than the answer needs: the checker compares rows
     * read with the rows the code took, which code that filters a partition itself takes them all.
     */
    private static <T> T servedReadingOnly(SensorQuestions question, String sample, Supplier<T> call, long needed,
                                           String why) {
        Served<T> served = served(question, sample, call);
        CostExpectations.assertReadOnlyTheAnswer(served.report(), question.name(), needed, why);
        return served.answer();
    }

    private record Served<T>(T answer, CatalogueReport report) {}

    private static <T> Served<T> served(SensorQuestions question, String sample, Supplier<T> call) {
        AccessPattern declared = declared(question);
        Object[] answer = new Object[1];
        CatalogueReport own = checker.check("test of " + question, List.of(
                declared.unserved().plan(declared.plan()).servedBy(sample, () -> answer[0] = call.get())));
        CostExpectations.assertCatalogueHolds(own);
        @SuppressWarnings("unchecked")
        T typed = (T) answer[0];
        return new Served<>(typed, own);
    }

    private static void addReadings(List<Reading> readings) {
        readings.forEach(r -> ADDED.add(r.sensorId()));
        catalogue.store().load(readings);
    }

    private static List<Reading> readingsOf(String sensor) {
        return SensorFleet.readings().stream().filter(r -> r.sensorId().equals(sensor)).toList();
    }

    private static List<Reading> newest(String sensor, int n) {
        return readingsOf(sensor).stream().sorted(Comparator.comparing(Reading::time).reversed()).limit(n).toList();
    }

    private static LocalDate dayOf(Reading reading) {
        return LocalDate.ofInstant(reading.time(), ZoneOffset.UTC);
    }

    @ParameterizedTest(name = "{0} is served the way the catalogue declares it")
    @EnumSource(SensorQuestions.class)
    void eachQuestionIsServedAsDeclared(SensorQuestions question) {
        CostExpectations.assertPatternHolds(report, question.name());
    }

    @Test
    @DisplayName("the catalogue declares every question, at its rate and p99 target")
    void declaresEveryQuestionAtItsRate() {
        Map<String, AccessPattern> byId = catalogue.patterns().stream().collect(Collectors.toMap(AccessPattern::id, p -> p));
        assertEquals(Arrays.stream(SensorQuestions.values()).map(Enum::name).collect(Collectors.toSet()), byId.keySet(),
                "one pattern per SensorQuestions value, with its name as the id (SensorQuestions.S1.pattern() does that)");
        for (SensorQuestions question : SensorQuestions.values()) {
            AccessPattern pattern = byId.get(question.name());
            assertEquals(question.rate(), pattern.rate(), question + "'s rate comes from the product, not from the design");
            assertEquals(question.p99(), pattern.p99(), question + "'s p99 target");
        }
    }

    @Test
    @DisplayName("S1: the newest readings of a busy sensor, newest first")
    void latestOfABusySensor() {
        List<Reading> expected = newest(SensorFleet.BUSY_SENSOR, 50);
        List<Reading> latest = servedReadingOnly(SensorQuestions.S1, "busy sensor",
                () -> catalogue.store().latest(SensorFleet.BUSY_SENSOR, 50), expected.size(), ONLY_THE_ANSWER);
        assertEquals(expected, latest, "latest(busy sensor, 50): its 50 newest readings, newest first");
    }

    @Test
    @DisplayName("S1: a quiet sensor's newest readings reach back into yesterday")
    void latestOfAQuietSensor() {
        List<Reading> expected = newest(SensorFleet.QUIET_SENSOR, 50);
        assertTrue(expected.stream().anyMatch(r -> dayOf(r).isBefore(TODAY)), "the fleet's quiet sensor has fewer than 50 readings today");
        List<Reading> latest = servedReadingOnly(SensorQuestions.S1, "quiet sensor",
                () -> catalogue.store().latest(SensorFleet.QUIET_SENSOR, 50), expected.size(), ONLY_THE_ANSWER);
        assertEquals(expected, latest, "latest(quiet sensor, 50): today's readings, then yesterday's newest, newest first");
    }

    @Test
    @DisplayName("S1: a sensor silent for two weeks and one that never sent walk no further than declared")
    void latestPastTheWalk() {
        Instant lastWord = TODAY.minusWeeks(2).atStartOfDay(ZoneOffset.UTC).toInstant();
        addReadings(List.of(new Reading(ELSEWHERE, SILENT_SENSOR, lastWord, CALM)));
        int most = declared(SensorQuestions.S1).plan().mostPartitions();
        // Counted, not traced: a walk past its bound may send thousands of reads.
        AtomicInteger reads = new AtomicInteger();
        SensorStore counted = new SensorStore(Interposed.around(CqlSession.class, session.plain(), (method, args) -> {
            if (method.getName().startsWith("execute")) {
                reads.incrementAndGet();
            }
        }, Interposed::nothing), SensorFleet.CLOCK);
        counted.createTables();
        for (String sensor : List.of(SILENT_SENSOR, SensorFleet.UNKNOWN_SENSOR)) {
            reads.set(0);
            counted.latest(sensor, 50);
            if (reads.get() > most) {
                fail(String.format("""
                        latest(%s, 50) sent %,d reads, one day after another; its plan declares a walk of at most %d.
                          A sensor silent since %s, or one that never sent, walks as far as the loop lets it, and
                          latest looks back at most 7 days: stop the walk after the days its plan declares.""",
                        sensor, reads.get(), most, lastWord));
            }
        }
        List<Reading> never = servedReadingOnly(SensorQuestions.S1, "a sensor that never sent",
                () -> catalogue.store().latest(SensorFleet.UNKNOWN_SENSOR, 50), 0, ONLY_THE_ANSWER);
        assertEquals(List.of(), never, "latest(a sensor that never sent, 50)");
    }

    @Test
    @DisplayName("S1: a limit below 1 or above 1,000 is refused")
    void badLimits() {
        assertThrows(IllegalArgumentException.class, () -> catalogue.store().latest(SensorFleet.BUSY_SENSOR, 0));
        assertThrows(IllegalArgumentException.class, () -> catalogue.store().latest(SensorFleet.BUSY_SENSOR, 1_001));
    }

    @Test
    @DisplayName("S2: a day chart holds that day's readings only, oldest first, at the fleet's rate and at the limit")
    void dayChart() {
        LocalDate leapDay = LocalDate.of(2024, 2, 29);
        List<Reading> expected = readingsOf(SensorFleet.BUSY_SENSOR).stream().filter(r -> dayOf(r).equals(leapDay)).toList();
        List<Reading> chart = servedReadingOnly(SensorQuestions.S2, "busy sensor, 29 February",
                () -> catalogue.store().day(SensorFleet.BUSY_SENSOR, leapDay), expected.size(), ONLY_THE_ANSWER);
        ListExpectations.assertSameList("day(busy sensor, 2024-02-29)", expected, chart,
                "oldest first, that day only: read the day's partition in ascending time (ORDER BY time ASC)");
        dayAtTheRateLimit();
    }

    @Test
    @DisplayName("S2: a day chart holds a UTC day, whatever the zone of the machine that stores and reads it")
    void aDayIsAUtcDay() {
        LocalDate day = LocalDate.ofInstant(SensorFleet.FIRST, ZoneOffset.UTC).minusDays(2);
        Instant start = day.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant next = start.plus(Duration.ofDays(1));
        List<Reading> ofTheDay = Stream.of(start, start.plusSeconds(1), next.minusSeconds(1))
                .map(t -> new Reading(ELSEWHERE, MIDNIGHT_SENSOR, t, CALM)).toList();
        List<Reading> around = Stream.of(start.minusSeconds(1), next).map(t -> new Reading(ELSEWHERE, MIDNIGHT_SENSOR, t, CALM)).toList();
        List<Reading> chart = MachineZone.in(MachineZone.BEHIND_UTC, () -> {
            addReadings(Stream.concat(around.stream(), ofTheDay.stream()).toList());
            // In time order, so that this test judges the day alone; the order is dayChart's.
            return catalogue.store().day(MIDNIGHT_SENSOR, day).stream().sorted(Comparator.comparing(Reading::time)).toList();
        });
        if (!chart.equals(ofTheDay)) {
            fail(String.format("""
                    On a machine 8 hours behind UTC, day(a sensor, %s) returned readings at %s; the UTC day holds
                      those at %s (a reading a second before and at midnight UTC on either side belongs to the next
                      day or the one before). The fleet's days are UTC days: a day bucket computed in the machine's
                      zone (ZoneId.systemDefault(), LocalDate.now() without a clock) puts the first hours of a day
                      in the day before. Compute the day with ZoneOffset.UTC, on the write path and the read path.""",
                    day, chart.stream().map(Reading::time).toList(), ofTheDay.stream().map(Reading::time).toList()));
        }
    }

    /** A sensor at the brief's rate limit: its day chart holds every reading. */
    private static void dayAtTheRateLimit() {
        LocalDate day = LocalDate.ofInstant(SensorFleet.FIRST, ZoneOffset.UTC).minusDays(1);
        Instant start = day.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant end = start.plus(BURST);
        List<Reading> flood = Stream.iterate(start, t -> t.isBefore(end), t -> t.plus(FASTEST))
                .map(t -> new Reading(ELSEWHERE, FLOODING_SENSOR, t, CALM)).toList();
        addReadings(flood);
        List<Reading> chart = servedReadingOnly(SensorQuestions.S2, "a sensor at the rate limit",
                () -> catalogue.store().day(FLOODING_SENSOR, day), flood.size(), ONLY_THE_ANSWER);
        if (chart.size() < flood.size() && chart.equals(flood.subList(0, chart.size()))) {
            fail(String.format("""
                    day(a sensor sending once a second, %s) returned its first %,d readings of %,d: the chart stops
                      short. A sensor may send once a second, %,d readings a day; read the day's whole partition
                      (no LIMIT below that, and every page of the result: the driver fetches them as you iterate).""",
                    day, chart.size(), flood.size(), Duration.ofDays(1).dividedBy(FASTEST)));
        }
        ListExpectations.assertSameList("day(a sensor sending once a second, " + day + ")", flood, chart,
                "oldest first, that day only: read the day's partition in ascending time (ORDER BY time ASC)");
    }

    @Test
    @DisplayName("S3: the site dashboard shows each sensor's latest reading, by sensor id")
    void siteDashboard() {
        List<Reading> expected = SensorFleet.readings().stream().filter(r -> r.siteId().equals(SensorFleet.SITE))
                .collect(Collectors.toMap(Reading::sensorId, r -> r, (a, b) -> a.time().isAfter(b.time()) ? a : b))
                .values().stream().sorted(Comparator.comparing(Reading::sensorId)).toList();
        List<Reading> overview = servedReadingOnly(SensorQuestions.S3, SensorFleet.SITE,
                () -> catalogue.store().siteOverview(SensorFleet.SITE), expected.size(), """
                        The dashboard needs one row per sensor of the site, and a partition of the site's readings
                          grows with its history, so every call reads more. Keep a table with one row per sensor of a
                          site, written on every reading, so the read returns the answer as it is stored.""");
        assertEquals(expected, overview, "siteOverview(site-a): the newest reading of each of its sensors, ordered by sensor id");
    }

    @Test
    @DisplayName("S3: a reading delivered again, late, does not replace a sensor's newer reading on the dashboard")
    void lateReadingKeepsTheNewest() {
        List<Reading> sensor = readingsOf(SensorFleet.BUSY_SENSOR);
        Reading newestOne = sensor.stream().max(Comparator.comparing(Reading::time)).orElseThrow();
        Reading late = sensor.stream().min(Comparator.comparing(Reading::time)).orElseThrow();
        catalogue.store().load(List.of(late)); // a redelivery: already stored, older than the sensor's newest
        Optional<Reading> shown = catalogue.store().siteOverview(SensorFleet.SITE).stream()
                .filter(r -> r.sensorId().equals(SensorFleet.BUSY_SENSOR)).findFirst();
        if (!shown.equals(Optional.of(newestOne))) {
            fail(String.format("""
                    After the reading of %s arrived again late, the dashboard shows %s for %s; its newest is %s.
                      An upsert lets the last write win, and the last write here is the oldest reading. Write each
                      reading with its own time as the write timestamp (USING TIMESTAMP, in microseconds), so an
                      older reading can never replace a newer one, whatever order they arrive in.""",
                    late.time(), shown.map(Reading::time).map(String::valueOf).orElse("nothing"), SensorFleet.BUSY_SENSOR,
                    newestOne.time()));
        }
    }

    @Test
    @DisplayName("S4: the month's sensors above the alert threshold, sorted")
    void exceedances() {
        for (YearMonth month : List.of(FEBRUARY, MARCH)) {
            List<String> expected = SensorFleet.readings().stream()
                    .filter(r -> YearMonth.from(dayOf(r)).equals(month) && r.value() > SensorFleet.ALERT_THRESHOLD)
                    .map(Reading::sensorId).distinct().sorted().toList();
            List<String> found = servedAsDeclared(SensorQuestions.S4, month.toString(),
                    () -> catalogue.store().exceedances(month, SensorFleet.ALERT_THRESHOLD));
            assertEquals(expected, found, "exceedances(" + month + ", " + SensorFleet.ALERT_THRESHOLD + ")");
        }
    }

    @Test
    @DisplayName("S6: one reading by its sensor and time, or nothing when there is none")
    void oneReading() {
        Reading alerted = readingsOf(SensorFleet.QUIET_SENSOR).get(30);
        Optional<Reading> found = servedReadingOnly(SensorQuestions.S6, "an alert's link",
                () -> catalogue.store().reading(alerted.sensorId(), alerted.time()), 1, ONLY_THE_ANSWER);
        assertEquals(Optional.of(alerted), found, "reading(" + alerted.sensorId() + ", " + alerted.time() + ")");
        Instant between = alerted.time().plusSeconds(60);
        assertEquals(Optional.empty(), catalogue.store().reading(alerted.sensorId(), between), "no reading at " + between);
    }

    @Test
    @DisplayName("a sensor's readings are split by time: no partition grows for ever")
    void partitionsAreBounded() {
        String table = declared(SensorQuestions.S1).plan().tables().get(0);
        // A fresh read of the schema: the driver's own copy catches up with new tables a moment later.
        TableMetadata metadata = session.refreshSchema().getKeyspace(session.getKeyspace().orElseThrow())
                .flatMap(k -> k.getTable(table)).orElseThrow(() -> new AssertionError("S1's plan names table " + table + ", which does not exist"));
        String key = metadata.getPartitionKey().stream().map(c -> c.getName().asCql(true)).collect(Collectors.joining(", "));
        long partitions = session.plain().execute("SELECT DISTINCT " + key + " FROM " + metadata.getName().asCql(true)).all().size();
        Set<String> sensors = new HashSet<>(ADDED);
        SensorFleet.readings().forEach(r -> sensors.add(r.sensorId()));
        assertTrue(partitions > sensors.size(), String.format("""
                %s holds %d partitions for %d sensors (partition key: %s): one per sensor, for ever. In production a \
                sensor sends up to %,d readings a day, for years. What in the partition key would make every \
                partition stop growing? (./jbang hint 09)""",
                table, partitions, sensors.size(), metadata.getPartitionKey().stream().map(ColumnMetadata::getName).toList(),
                Duration.ofDays(1).dividedBy(FASTEST)));
    }
}
