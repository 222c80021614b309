package workshop.lesson07;

import java.time.Clock;
import javax.sql.DataSource;

/**
 * Lesson 07, task 1 of 3 (tests: Task1SlotBookingTest): book a table without double booking, in a
 * relational store (the schema is workshop.fixtures.dining.DiningSchema). Bookings arrive at about 50 a
 * second at peak (1 million a day), and many diners may ask for the same table at the same sitting
 * at the same moment: exactly one gets it, every other one is told it is taken, and no booking is
 * lost. A winning booking writes, in one transaction: the slot's reservation_id, a row in
 * reservations (status BOOKED) and an outbox row (version 1, kind BOOKED) for the diner's list.
 */
public class SlotBooking {

    private final DataSource db;
    private final Clock clock;

    /**
     * @param clock "now", read on every call, for refusing sittings that are over (in the
     *              restaurant's zone)
     */
    public SlotBooking(DataSource db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * @return Booked when this request took the table, Taken when someone else holds it
     * @throws BookingRefused when the party is larger than the table, the slot does not exist, or
     *                        the sitting is not in the future; nothing is written then
     */
    public BookingResult book(BookingRequest request) {
        // TODO: let the database decide who wins: a conditional UPDATE on the slot row, then count the rows it changed
        throw new UnsupportedOperationException("TODO: book the slot with a conditional update");
    }
}
