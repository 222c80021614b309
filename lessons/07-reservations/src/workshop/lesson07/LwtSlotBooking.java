package workshop.lesson07;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;

/**
 * Lesson 07, task 3 of 3 (tests: Task3LwtSlotBookingTest): the same booking in Cassandra, where no
 * transaction spans a read and a write, in tables you design.
 *
 * The questions:
 *   book        a diner books one table at one sitting: 50/s at peak
 *   open slots  the free tables of a restaurant on a date, for a party: 1,000/s on the same rows
 *               (lesson 07's list; the tests do not ask it, your keys should still serve it)
 *
 * The rules the tests hold you to:
 *   - of many diners asking for one table at one sitting at once, exactly one wins; every other
 *     one is told it is taken
 *   - a booking sends its slot one statement, a conditional write on one partition, taken or not
 *   - a refused request (party larger than the table, no such slot, sitting not in the future)
 *     writes nothing
 *   - "in the future" is the restaurant's own time, in summer as in winter
 *   - a conditional write that times out may still have been applied: learn which before answering
 * Table names, keys and columns are yours: the tests grade answers and measured cost only.
 */
public class LwtSlotBooking {

    private final CqlSession session;
    private final Clock clock;

    public LwtSlotBooking(CqlSession session, Clock clock) {
        this.session = session;
        this.clock = clock;
    }

    public void createTables() {
        // TODO: tables for restaurants and their slots, keyed so a booking touches one partition
        throw new UnsupportedOperationException("TODO: create the booking tables");
    }

    /** Its zone decides when a sitting is over, in summer as in winter. */
    public void addRestaurant(Restaurant restaurant) {
        // TODO: insert the restaurant
        throw new UnsupportedOperationException("TODO: insert a restaurant");
    }

    /** A free table at one sitting. */
    public void addSlot(Slot slot) {
        // TODO: insert the slot with no reservation
        throw new UnsupportedOperationException("TODO: insert a slot");
    }

    /**
     * @return Booked when this request took the table, Taken when someone else holds it
     * @throws BookingRefused when the party is larger than the table, the slot does not exist, or
     *                        the sitting is not in the future; nothing is written to the slots
     *                        then
     */
    public BookingResult book(BookingRequest request) {
        // TODO: one conditional write (a lightweight transaction) decides; read whether it applied
        throw new UnsupportedOperationException("TODO: book the slot with a lightweight transaction");
    }
}
