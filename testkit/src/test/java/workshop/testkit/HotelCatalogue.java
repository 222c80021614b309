package workshop.testkit;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.Growth;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.Rate;

/**
 * A published design nobody here wrote: the hotel reservation model of Jeff Carpenter and Eben
 * Hewitt, "Cassandra: The Definitive Guide" (O'Reilly, 3rd edition, chapter 5), its nine queries
 * Q1 to Q9 on its tables as the book draws them. One change: the book keys reservations_by_guest
 * by (guest_last_name, hotel_id), where a second stay at a hotel would overwrite the first; here
 * start_date and confirm_number cluster it too. A reservation is written to its three tables in
 * one logged batch (W1).
 *
 * The data is skewed as hotels are: one big hotel (h0) with 100 rooms among 59 of 8, a famous
 * sight with many hotels near it, surnames drawn so that Smith is common. Four patterns are wrong
 * on purpose, one for each rule: X1 reads a group that only grows (every guest a hotel ever had),
 * X2 declares growth past the rule, X3 reads a review log whose measured rate passes the rule
 * within two years, X4 looks hotels up by city, which no key serves.
 */
public class HotelCatalogue implements Catalogue {

    static final int HOTELS = 60;
    static final int BIG_HOTEL_ROOMS = 100;
    static final int ROOMS = 8;
    static final int DAYS = 14;
    /** More than a page of 5,000: the one-row-per-key tables are counted past the driver's first page. */
    static final int RESERVATIONS = 5_200;
    /** One reservation in this many is at the big hotel, whose guests then pass 1,000. */
    static final int BIG_HOTEL_SHARE = 3;
    static final int REVIEWS_A_DAY = 1_000;
    static final int REVIEW_DAYS = 3;
    static final List<String> SIGHTS = List.of("Eiffel Tower", "Louvre", "Notre-Dame", "Sacre-Coeur", "Orsay");
    static final List<String> SURNAMES = List.of("Smith", "Smith", "Smith", "Garcia", "Nguyen", "Muller", "Rossi", "Kowalski",
            "Silva", "Dubois", "Jensen", "Tanaka", "Okafor", "Novak", "Murphy", "Haddad");
    static final LocalDate FIRST_DAY = LocalDate.parse("2024-06-01");

    private CqlSession session;

    @Override
    public String name() {
        return "hotel reservations (Carpenter and Hewitt)";
    }

    static String hotel(long i) {
        return "h" + i;
    }

    static int rooms(long hotel) {
        return hotel == 0 ? BIG_HOTEL_ROOMS : ROOMS;
    }

    /** Every third reservation at the big hotel, the rest spread over the others. */
    static long hotelOf(long reservation) {
        return reservation % BIG_HOTEL_SHARE == 0 ? 0 : 1 + reservation % (HOTELS - 1);
    }

    static String surname(long reservation) {
        return SURNAMES.get((int) (reservation * 7 % SURNAMES.size()));
    }

    static LocalDate startOf(long reservation) {
        return FIRST_DAY.plusDays(reservation % 365);
    }

    /** The famous sight has every hotel near it; each hotel is near one other sight too. */
    static List<String> sightsNear(long hotel) {
        return List.of(SIGHTS.get(0), SIGHTS.get(1 + (int) (hotel % (SIGHTS.size() - 1))));
    }

    @Override
    public void setUp(CqlSession session) {
        this.session = session;
        for (String table : List.of(
                "hotels (id text PRIMARY KEY, name text, phone text, city text)",
                "hotels_by_poi (poi_name text, hotel_id text, name text, phone text, PRIMARY KEY ((poi_name), hotel_id))",
                "pois_by_hotel (hotel_id text, poi_name text, description text, PRIMARY KEY ((hotel_id), poi_name))",
                "available_rooms_by_hotel_date (hotel_id text, date date, room_number smallint, is_available boolean,"
                        + " PRIMARY KEY ((hotel_id), date, room_number))",
                "amenities_by_room (hotel_id text, room_number smallint, amenity_name text, description text,"
                        + " PRIMARY KEY ((hotel_id, room_number), amenity_name))",
                "reservations_by_confirmation (confirm_number text PRIMARY KEY, hotel_id text, start_date date,"
                        + " end_date date, room_number smallint, guest_id text)",
                "reservations_by_hotel_date (hotel_id text, start_date date, room_number smallint, confirm_number text,"
                        + " guest_id text, end_date date, PRIMARY KEY ((hotel_id, start_date), room_number, confirm_number))",
                "reservations_by_guest (guest_last_name text, hotel_id text, start_date date, confirm_number text,"
                        + " end_date date, room_number smallint, guest_id text,"
                        + " PRIMARY KEY ((guest_last_name), hotel_id, start_date, confirm_number))",
                "guests (guest_id text PRIMARY KEY, first_name text, last_name text, email text)",
                "guests_by_hotel (hotel_id text, guest_id text, last_name text, PRIMARY KEY ((hotel_id), guest_id))",
                "rate_changes_by_room (hotel_id text, room_number smallint, changed_at timestamp, rate decimal,"
                        + " PRIMARY KEY ((hotel_id, room_number), changed_at))",
                "reviews_by_hotel (hotel_id text, reviewed_at timestamp, stars int, body text,"
                        + " PRIMARY KEY ((hotel_id), reviewed_at))")) {
            session.execute(Keyspaces.schema("CREATE TABLE IF NOT EXISTS " + table));
        }
        PreparedStatement hotel = session.prepare("INSERT INTO hotels (id, name, phone, city) VALUES (?, ?, ?, ?)");
        BulkWriter.write(session, "hotels", HOTELS, i -> hotel.bind(hotel(i), "Hotel " + i, "+33 1 " + i, i % 4 == 0 ? "Lyon" : "Paris"));
        PreparedStatement byPoi = session.prepare("INSERT INTO hotels_by_poi (poi_name, hotel_id, name, phone) VALUES (?, ?, ?, ?)");
        PreparedStatement poiOf = session.prepare("INSERT INTO pois_by_hotel (hotel_id, poi_name, description) VALUES (?, ?, ?)");
        BulkWriter.write(session, "sights", HOTELS * 2L, i -> byPoi.bind(sightsNear(i / 2).get((int) (i % 2)), hotel(i / 2),
                "Hotel " + i / 2, "+33 1 " + i / 2));
        BulkWriter.write(session, "sights by hotel", HOTELS * 2L, i -> poiOf.bind(hotel(i / 2), sightsNear(i / 2).get((int) (i % 2)),
                "a sight near the hotel"));
        PreparedStatement free = session.prepare(
                "INSERT INTO available_rooms_by_hotel_date (hotel_id, date, room_number, is_available) VALUES (?, ?, ?, ?)");
        int inventory = (BIG_HOTEL_ROOMS + (HOTELS - 1) * ROOMS) * DAYS;
        BulkWriter.writeByPartition(session, "rooms", inventory, i -> {
            long day = i % DAYS;
            long room = i / DAYS;
            long hotelIndex = room < BIG_HOTEL_ROOMS ? 0 : 1 + (room - BIG_HOTEL_ROOMS) / ROOMS;
            short number = (short) (room < BIG_HOTEL_ROOMS ? room : (room - BIG_HOTEL_ROOMS) % ROOMS);
            return free.bind(hotel(hotelIndex), FIRST_DAY.plusDays(day), number, (i * 31) % 5 != 0);
        });
        PreparedStatement amenity = session.prepare(
                "INSERT INTO amenities_by_room (hotel_id, room_number, amenity_name, description) VALUES (?, ?, ?, ?)");
        List<String> amenities = List.of("wifi", "minibar", "safe", "bathtub", "balcony", "coffee machine");
        BulkWriter.writeByPartition(session, "amenities", ROOMS * amenities.size(),
                i -> amenity.bind(hotel(3), (short) (i / amenities.size()), amenities.get((int) (i % amenities.size())), "yes"));
        PreparedStatement byConfirmation = session.prepare("INSERT INTO reservations_by_confirmation (confirm_number, hotel_id,"
                + " start_date, end_date, room_number, guest_id) VALUES (?, ?, ?, ?, ?, ?)");
        PreparedStatement byHotelDate = session.prepare("INSERT INTO reservations_by_hotel_date (hotel_id, start_date, room_number,"
                + " confirm_number, guest_id, end_date) VALUES (?, ?, ?, ?, ?, ?)");
        PreparedStatement byGuest = session.prepare("INSERT INTO reservations_by_guest (guest_last_name, hotel_id, start_date,"
                + " confirm_number, end_date, room_number, guest_id) VALUES (?, ?, ?, ?, ?, ?, ?)");
        PreparedStatement guest = session.prepare("INSERT INTO guests (guest_id, first_name, last_name, email) VALUES (?, ?, ?, ?)");
        PreparedStatement guestOfHotel = session.prepare("INSERT INTO guests_by_hotel (hotel_id, guest_id, last_name) VALUES (?, ?, ?)");
        BulkWriter.write(session, "reservations", RESERVATIONS, i -> byConfirmation.bind("C" + i, hotel(hotelOf(i)), startOf(i),
                startOf(i).plusDays(2), room(i), "g" + i));
        BulkWriter.write(session, "by hotel and date", RESERVATIONS, i -> byHotelDate.bind(hotel(hotelOf(i)), startOf(i), room(i),
                "C" + i, "g" + i, startOf(i).plusDays(2)));
        BulkWriter.write(session, "by guest", RESERVATIONS, i -> byGuest.bind(surname(i), hotel(hotelOf(i)), startOf(i), "C" + i,
                startOf(i).plusDays(2), room(i), "g" + i));
        BulkWriter.write(session, "guests", RESERVATIONS, i -> guest.bind("g" + i, "Guest", surname(i), "g" + i + "@example.org"));
        BulkWriter.write(session, "guests by hotel", RESERVATIONS, i -> guestOfHotel.bind(hotel(hotelOf(i)), "g" + i, surname(i)));
        PreparedStatement review = session.prepare("INSERT INTO reviews_by_hotel (hotel_id, reviewed_at, stars, body) VALUES (?, ?, ?, ?)");
        Instant opened = FIRST_DAY.atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
        long reviews = (long) REVIEWS_A_DAY * REVIEW_DAYS;
        BulkWriter.writeByPartition(session, "reviews", reviews, i -> review.bind(hotel(0),
                opened.plus(Duration.ofDays(REVIEW_DAYS).multipliedBy(i).dividedBy(reviews)), (int) (1 + i % 5), "fine"));
    }

    static short room(long reservation) {
        return (short) (reservation % rooms(hotelOf(reservation)));
    }

    private List<Row> all(String cql, Object... values) {
        return session.execute(session.prepare(cql).bind(values)).all();
    }

    /** W1: a reservation in its three tables, all or none. */
    private Object reserve(String confirmation, String hotelId, LocalDate start, short room, String guestId, String surname) {
        BatchStatement batch = BatchStatement.newInstance(BatchType.LOGGED,
                session.prepare("INSERT INTO reservations_by_confirmation (confirm_number, hotel_id, start_date, end_date,"
                        + " room_number, guest_id) VALUES (?, ?, ?, ?, ?, ?)").bind(confirmation, hotelId, start, start.plusDays(1), room, guestId),
                session.prepare("INSERT INTO reservations_by_hotel_date (hotel_id, start_date, room_number, confirm_number,"
                        + " guest_id, end_date) VALUES (?, ?, ?, ?, ?, ?)").bind(hotelId, start, room, confirmation, guestId, start.plusDays(1)),
                session.prepare("INSERT INTO reservations_by_guest (guest_last_name, hotel_id, start_date, confirm_number,"
                        + " end_date, room_number, guest_id) VALUES (?, ?, ?, ?, ?, ?, ?)")
                        .bind(surname, hotelId, start, confirmation, start.plusDays(1), room, guestId));
        return session.execute(batch).wasApplied();
    }

    private static AccessPattern pattern(String id, String question, Rate rate, Plan plan) {
        return AccessPattern.of(id, question).rate(rate).p99(Duration.ofMillis(50)).plan(plan);
    }

    @Override
    public List<AccessPattern> patterns() {
        LocalDate day = FIRST_DAY.plusDays(3);
        return List.of(
                pattern("Q1", "hotels near a point of interest", Rate.perSecond(200), Plan.range("hotels_by_poi"))
                        .growing(Growth.atMost(500, 80)) // the hotels within walking distance of a sight
                        .servedBy("Eiffel Tower", () -> all("SELECT hotel_id, name FROM hotels_by_poi WHERE poi_name = ?", SIGHTS.get(0))),
                pattern("Q2", "a hotel's details", Rate.perSecond(400), Plan.point("hotels"))
                        .servedBy("h0", () -> all("SELECT * FROM hotels WHERE id = ?", hotel(0))),
                pattern("Q3", "points of interest near a hotel", Rate.perSecond(100), Plan.range("pois_by_hotel"))
                        .growing(Growth.atMost(50, 100)) // a hotel lists a handful of sights
                        .servedBy("h7", () -> all("SELECT poi_name FROM pois_by_hotel WHERE hotel_id = ?", hotel(7))),
                pattern("Q4", "a hotel's free rooms over a few days", Rate.perSecond(300), Plan.range("available_rooms_by_hotel_date"))
                        .servedBy("the big hotel, 3 nights", () -> all("SELECT date, room_number, is_available FROM"
                                + " available_rooms_by_hotel_date WHERE hotel_id = ? AND date >= ? AND date < ?", hotel(0), day, day.plusDays(3))),
                pattern("Q5", "a room's amenities", Rate.perSecond(100), Plan.range("amenities_by_room"))
                        .servedBy("h3 room 2", () -> all("SELECT amenity_name FROM amenities_by_room WHERE hotel_id = ? AND room_number = ?",
                                hotel(3), (short) 2)),
                pattern("Q6", "a reservation by its confirmation number", Rate.perSecond(200), Plan.point("reservations_by_confirmation"))
                        .servedBy("C42", () -> all("SELECT * FROM reservations_by_confirmation WHERE confirm_number = ?", "C42")),
                pattern("Q7", "a hotel's reservations starting on a day", Rate.perSecond(50), Plan.range("reservations_by_hotel_date"))
                        .servedBy("h0 on day 3", () -> all("SELECT room_number, confirm_number FROM reservations_by_hotel_date"
                                + " WHERE hotel_id = ? AND start_date = ?", hotel(0), day)),
                pattern("Q8", "a guest's reservations by last name", Rate.perSecond(50), Plan.range("reservations_by_guest"))
                        .servedBy("Nguyen", () -> all("SELECT hotel_id, start_date, confirm_number FROM reservations_by_guest"
                                + " WHERE guest_last_name = ? LIMIT 20", "Nguyen")),
                pattern("Q9", "a guest's details", Rate.perSecond(100), Plan.point("guests"))
                        .servedBy("g42", () -> all("SELECT * FROM guests WHERE guest_id = ?", "g42")),
                pattern("W1", "make a reservation", Rate.perSecond(50),
                        Plan.loggedBatch(3, "reservations_by_confirmation", "reservations_by_hotel_date", "reservations_by_guest"))
                        .servedBy("a stay at h5", () -> reserve("C-new", hotel(5), day, (short) 1, "g-new", "Haddad")),
                pattern("X1", "every guest a hotel ever had", Rate.perSecond(20), Plan.range("guests_by_hotel"))
                        .servedBy("the big hotel", () -> all("SELECT guest_id FROM guests_by_hotel WHERE hotel_id = ? LIMIT 100", hotel(0))),
                pattern("X2", "a room's rate history", Rate.perSecond(20), Plan.range("rate_changes_by_room"))
                        .growing(Growth.perDay(1_000, 60)) // repriced every 90 seconds by a revenue tool, kept
                        .servedBy("h0 room 1", () -> all("SELECT changed_at, rate FROM rate_changes_by_room WHERE hotel_id = ?"
                                + " AND room_number = ? LIMIT 10", hotel(0), (short) 1)),
                pattern("X3", "a hotel's newest reviews", Rate.perSecond(100), Plan.range("reviews_by_hotel"))
                        .servedBy("the big hotel", () -> all("SELECT reviewed_at, stars FROM reviews_by_hotel WHERE hotel_id = ?"
                                + " ORDER BY reviewed_at DESC LIMIT 10", hotel(0))),
                pattern("X4", "the hotels of a city", Rate.perSecond(20), Plan.range("hotels"))
                        .servedBy("Lyon", () -> all("SELECT id FROM hotels WHERE city = ? ALLOW FILTERING", "Lyon")));
    }
}
