package workshop.lesson07;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.UUID;
import workshop.kit.cassandra.ConditionalWrites;

/**
 * Reference solution: Cassandra has no transaction spanning a read and a write, but a lightweight
 * transaction (UPDATE ... IF) runs Paxos on the slot's partition, so the condition is tested and
 * the write applied as one step: exactly one diner sees [applied] = true. A slot that does not
 * exist or is too small fails the same condition, and then nothing is written to the table.
 */
public class LwtSlotBooking {

    /** A conditional write that timed out under contention may still have been applied: look, then decide. */
    private static final int ATTEMPTS = 3;

    private final CqlSession session;
    private final Clock clock;
    private PreparedStatement insertRestaurant;
    private PreparedStatement zoneOf;
    private PreparedStatement insertSlot;
    private PreparedStatement claim;
    private PreparedStatement holder;

    public LwtSlotBooking(CqlSession session, Clock clock) {
        this.session = session;
        this.clock = clock;
    }

    public void createTables() {
        session.execute(schema("""
                CREATE TABLE IF NOT EXISTS restaurants (
                  restaurant_id bigint PRIMARY KEY, name text, city text, cuisine text, zone text)"""));
        // One partition per restaurant and day: "open slots on a date" reads one partition.
        session.execute(schema("""
                CREATE TABLE IF NOT EXISTS slots (
                  restaurant_id bigint, slot_date date, slot_time time, table_id int,
                  seats int, reservation_id uuid, user_id bigint, party_size int,
                  PRIMARY KEY ((restaurant_id, slot_date), slot_time, table_id))"""));
        insertRestaurant = session.prepare(
                "INSERT INTO restaurants (restaurant_id, name, city, cuisine, zone) VALUES (?, ?, ?, ?, ?)");
        zoneOf = session.prepare("SELECT zone FROM restaurants WHERE restaurant_id = ?");
        insertSlot = session.prepare(
                "INSERT INTO slots (restaurant_id, slot_date, slot_time, table_id, seats) VALUES (?, ?, ?, ?, ?)");
        // tag::lwt-claim[]
        claim = session.prepare("""
                UPDATE slots SET reservation_id = ?, user_id = ?, party_size = ?
                WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?
                IF reservation_id = null AND seats >= ?""");
        // end::lwt-claim[]
        holder = session.prepare("""
                SELECT reservation_id FROM slots
                WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?""");
    }

    public void addRestaurant(Restaurant restaurant) {
        session.execute(insertRestaurant.bind(restaurant.restaurantId(), restaurant.name(), restaurant.city(),
                restaurant.cuisine(), restaurant.zone().getId()));
    }

    public void addSlot(Slot slot) {
        session.execute(insertSlot.bind(slot.restaurantId(), slot.date(), slot.time(), slot.tableId(), slot.seats()));
    }

    public BookingResult book(BookingRequest request) {
        Row restaurant = session.execute(zoneOf.bind(request.restaurantId())).one();
        if (restaurant == null) {
            throw new BookingRefused(BookingRefused.Reason.UNKNOWN_SLOT, request);
        }
        ZoneId zone = ZoneId.of(restaurant.getString("zone"));
        if (!LocalDateTime.of(request.date(), request.time()).isAfter(LocalDateTime.now(clock.withZone(zone)))) {
            throw new BookingRefused(BookingRefused.Reason.IN_THE_PAST, request);
        }
        for (int attempt = 1; ; attempt++) {
            try {
                return claim(request);
            } catch (RuntimeException e) {
                if (!ConditionalWrites.outcomeUnknown(e) || attempt == ATTEMPTS) {
                    throw e;
                }
                // Unknown outcome: a serial read sees any proposal in flight settled first.
                Row now = session.execute(holder.bind(request.restaurantId(), request.date(), request.time(),
                        request.tableId()).setConsistencyLevel(ConsistencyLevel.SERIAL)).one();
                UUID held = now == null ? null : now.getUuid("reservation_id");
                if (held != null) {
                    return held.equals(request.reservationId()) ? new BookingResult.Booked(held) : new BookingResult.Taken();
                }
            }
        }
    }

    private BookingResult claim(BookingRequest request) {
        ResultSet result = session.execute(claim.bind(request.reservationId(), request.userId(), request.partySize(),
                request.restaurantId(), request.date(), request.time(), request.tableId(), request.partySize()));
        if (result.wasApplied()) {
            return new BookingResult.Booked(request.reservationId());
        }
        // Not applied: the row that came back shows the values the condition saw.
        Row current = result.one();
        if (current == null || !current.getColumnDefinitions().contains("seats") || current.isNull("seats")) {
            throw new BookingRefused(BookingRefused.Reason.UNKNOWN_SLOT, request);
        }
        if (current.getInt("seats") < request.partySize()) {
            throw new BookingRefused(BookingRefused.Reason.PARTY_TOO_LARGE, request);
        }
        return new BookingResult.Taken();
    }

    private static SimpleStatement schema(String cql) {
        return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
    }
}
