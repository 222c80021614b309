package workshop.kit.dining;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Lesson 07's three restaurants on the {@link DiningSchema} tables: twenty tables each, eight
 * sittings an evening, slots opened for sixty days. Le Sept's table 7 at 19:30 is the one the
 * diners race for.
 */
public final class SampleRestaurants {

    public static final long LE_SEPT = 1;
    public static final int TABLE_SEVEN = 7;
    public static final LocalTime HALF_SEVEN = LocalTime.of(19, 30);
    /** Seats of tables 1..20: table 7 seats four. */
    private static final int[] SEATS = {2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 8, 8, 10, 12};
    public static final List<LocalTime> SITTINGS = IntStream.range(0, 8)
            .mapToObj(i -> LocalTime.of(17, 30).plusMinutes(30L * i)).toList();
    public static final int DAYS = 60;
    public static final ZoneId PARIS = ZoneId.of("Europe/Paris");

    private record Restaurant(long id, String name, String city, String cuisine, ZoneId zone) {}

    private static final List<Restaurant> RESTAURANTS = List.of(
            new Restaurant(LE_SEPT, "Le Sept", "Lyon", "French", PARIS),
            new Restaurant(2, "Osteria Due", "Milan", "Italian", ZoneId.of("Europe/Rome")),
            new Restaurant(3, "Sushi San", "Tokyo", "Japanese", ZoneId.of("Asia/Tokyo")));

    private SampleRestaurants() {}

    public static int restaurants() {
        return RESTAURANTS.size();
    }

    public static int tables() {
        return SEATS.length;
    }

    /** Seats at a table, numbered from 1. */
    public static int seats(int table) {
        return SEATS[table - 1];
    }

    /** Slots of one restaurant in one day: every table at every sitting. */
    public static int slotsPerDay() {
        return SEATS.length * SITTINGS.size();
    }

    /** Creates the schema and the restaurants, with slots for {@link #DAYS} days from {@code from}; returns the slot rows. */
    public static int open(Connection connection, LocalDate from) throws SQLException {
        DiningSchema.create(connection);
        int slots = 0;
        for (Restaurant r : RESTAURANTS) {
            DiningSchema.addRestaurant(connection, r.id(), r.name(), r.city(), r.cuisine(), r.zone());
            DiningSchema.addTables(connection, r.id(), SEATS);
            slots += DiningSchema.openSlots(connection, r.id(), from, DAYS, SITTINGS);
        }
        return slots;
    }
}
