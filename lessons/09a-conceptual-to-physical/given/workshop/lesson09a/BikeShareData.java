package workshop.lesson09a;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The brief's sample data, each row as the attributes it carries by name, and the right answer to
 * each question, worked out from the rows and not from any table. At {@link #RUSH} a group of
 * riders undocks together at {@link #BUSY_STATION}, every ride of it started in the same second.
 */
public final class BikeShareData {

    public static final Instant NOW = Instant.parse("2026-11-30T18:00:00Z");
    public static final String BUSY_STATION = "station-01";
    public static final Instant RUSH = NOW.minus(Duration.ofHours(3));
    public static final int GROUP = 6;
    public static final List<String> DISTRICTS = List.of("harbour", "old-town", "university");
    static final int STATIONS = 12;
    static final int RIDERS = 60;
    static final int RIDES_EACH = 15;

    private static final List<Map<String, Object>> STATION_ROWS = new ArrayList<>();
    private static final List<Map<String, Object>> RIDER_ROWS = new ArrayList<>();
    private static final List<Map<String, Object>> RIDE_ROWS = new ArrayList<>();

    static {
        Random random = new Random(46);
        for (int s = 1; s <= STATIONS; s++) {
            STATION_ROWS.add(Map.of("station_id", String.format("station-%02d", s), "station_name", "Dock " + (char) ('A' + (s * 5) % STATIONS),
                    "district", DISTRICTS.get(s % DISTRICTS.size())));
        }
        for (int r = 1; r <= RIDERS; r++) {
            String rider = String.format("rider-%02d", r);
            RIDER_ROWS.add(Map.of("rider_id", rider, "rider_name", "Rider " + r));
            for (int n = 1; n <= RIDES_EACH; n++) {
                boolean inTheGroup = r <= GROUP && n == 1;
                RIDE_ROWS.add(Map.of("ride_id", String.format("%s-%03d", rider, n), "rider_id", rider,
                        "station_id", inTheGroup ? BUSY_STATION : STATION_ROWS.get(random.nextInt(STATIONS)).get("station_id"),
                        "started_at", inTheGroup ? RUSH : NOW.minus(Duration.ofMinutes(60L * 24 * n + random.nextInt(600))),
                        "minutes", 3 + random.nextInt(40)));
            }
        }
    }

    private BikeShareData() {}

    /** Every row: stations, riders, rides. */
    public static List<Map<String, Object>> rows() {
        List<Map<String, Object>> all = new ArrayList<>(STATION_ROWS);
        all.addAll(RIDER_ROWS);
        all.addAll(RIDE_ROWS);
        return all;
    }

    /** B1's answer: the rider's newest rides, by id. */
    public static List<String> newestRidesOf(String rider, int limit) {
        return RIDE_ROWS.stream().filter(r -> r.get("rider_id").equals(rider)).sorted(newestFirst()).limit(limit)
                .map(r -> (String) r.get("ride_id")).toList();
    }

    /** B2's answer: the rides that started at the station in [from, to), by id, newest first. */
    public static List<String> ridesAt(String station, Instant from, Instant to) {
        return RIDE_ROWS.stream().filter(r -> r.get("station_id").equals(station))
                .filter(r -> !((Instant) r.get("started_at")).isBefore(from) && ((Instant) r.get("started_at")).isBefore(to))
                .sorted(newestFirst()).map(r -> (String) r.get("ride_id")).toList();
    }

    /** B3's answer: the district's station ids, by station name. */
    public static List<String> stationsIn(String district) {
        return STATION_ROWS.stream().filter(s -> s.get("district").equals(district))
                .sorted(Comparator.comparing((Map<String, Object> s) -> (String) s.get("station_name")))
                .map(s -> (String) s.get("station_id")).toList();
    }

    private static Comparator<Map<String, Object>> newestFirst() {
        return Comparator.comparing((Map<String, Object> r) -> (Instant) r.get("started_at")).reversed();
    }
}
