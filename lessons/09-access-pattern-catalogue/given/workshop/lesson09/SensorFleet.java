package workshop.lesson09;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The realistic data the catalogue is checked on, the same on every run: three sites, each with
 * four sensors that report every 10 minutes and two that report every 30 minutes, from the start
 * of 29 February 2024 to NOW. Given: you do not need to change it.
 */
public final class SensorFleet {

    /** The application's "now": readings stop here, and "today" is 1 March 2024 (UTC). */
    public static final Instant NOW = Instant.parse("2024-03-01T09:55:00Z");
    public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    public static final Instant FIRST = Instant.parse("2024-02-29T00:00:00Z");
    public static final List<String> SITES = List.of("site-a", "site-b", "site-c");
    public static final Duration FAST = Duration.ofMinutes(10);
    public static final Duration SLOW = Duration.ofMinutes(30);
    /** A reading above this raises an alert; S4 lists the sensors that went above it. */
    public static final double ALERT_THRESHOLD = 85.0;

    /** Reports every 10 minutes: today already holds more than 50 of its readings. */
    public static final String BUSY_SENSOR = "a-fast-1";
    /** Reports every 30 minutes: today holds fewer than 50 of its readings. */
    public static final String QUIET_SENSOR = "a-slow-1";
    public static final String SITE = "site-a";
    /** Has never sent a reading: S1 walks back as far as its bound allows and finds nothing. */
    public static final String UNKNOWN_SENSOR = "z-unknown-1";

    private static final List<Reading> READINGS = generate();

    private SensorFleet() {}

    /** Every reading, oldest first. */
    public static List<Reading> readings() {
        return READINGS;
    }

    private static List<Reading> generate() {
        Random noise = new Random(2024);
        List<Reading> readings = new ArrayList<>();
        int index = 0;
        for (String site : SITES) {
            String prefix = site.substring(site.length() - 1);
            for (int s = 1; s <= 6; s++, index++) {
                boolean fast = s <= 4;
                String sensor = prefix + (fast ? "-fast-" + s : "-slow-" + (s - 4));
                double base = 40 + 6 * (index % 8);
                Duration every = fast ? FAST : SLOW;
                for (Instant t = FIRST; !t.isAfter(NOW); t = t.plus(every)) {
                    double dayAngle = 2 * Math.PI * (t.getEpochSecond() % 86_400) / 86_400.0;
                    double value = base + 10 * Math.sin(dayAngle) + 4 * noise.nextGaussian();
                    readings.add(new Reading(site, sensor, t, Math.round(value * 10) / 10.0));
                }
            }
        }
        readings.sort(Comparator.comparing(Reading::time).thenComparing(Reading::sensorId));
        return List.copyOf(readings);
    }
}
