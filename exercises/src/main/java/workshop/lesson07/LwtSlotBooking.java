package workshop.lesson07;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Clock;

/**
 * Lesson 07, task 3 of 3 (tests: Task3LwtSlotBookingTest): the same booking in Cassandra, where no
 * transaction spans a read and a write. 50 bookings a second at peak, 1,000 open-slot searches a
 * second on the same rows: exactly one of many concurrent diners may win a slot, and a refused
 * request writes nothing.
 */
public class LwtSlotBooking {

    private final CqlSession session;
    private final Clock clock;

    public LwtSlotBooking(CqlSession session, Clock clock) {
        this.session = session;
        this.clock = clock;
    }

    public void createTables() {
        // TODO: restaurants (with their zone) and slots, partitioned so one booking touches one partition
        throw new UnsupportedOperationException("TODO: create the restaurants and slots tables");
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
     *                        then. A conditional write that times out may still have been
     *                        applied: learn which before answering.
     */
    public BookingResult book(BookingRequest request) {
        // TODO: UPDATE ... IF reservation_id = null (a lightweight transaction), then read [applied]
        throw new UnsupportedOperationException("TODO: book the slot with a lightweight transaction");
    }
}
