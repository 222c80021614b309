package workshop.lesson07;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.concurrent.Contenders;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.lesson07.BookingRefused.Reason;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;

@ExtendWith(CassandraExtension.class)
class Task3LwtSlotBookingTest {

    static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");
    static final Restaurant RESTAURANT = new Restaurant(7, "Sushi Nana", "Tokyo", "Japanese", TOKYO);
    /** 20:00 in Tokyo on 10 March 2030 (11:00 UTC): "now" for every test. */
    static final Clock NOW = Clock.fixed(ZonedDateTime.of(2030, 3, 10, 20, 0, 0, 0, TOKYO).toInstant(), TOKYO);
    static final LocalDate TODAY = LocalDate.of(2030, 3, 10);
    static final List<LocalTime> SITTINGS = List.of(LocalTime.of(18, 0), LocalTime.of(19, 30), LocalTime.of(21, 0));
    static final int[] SEATS = {2, 4, 4, 6};
    static final int DAYS = 4;

    private static LwtSlotBooking booking;
    private static final AtomicInteger NEXT_SLOT = new AtomicInteger();

    /** Loads once per class; while createTables or addSlot fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (booking != null) {
            return;
        }
        LwtSlotBooking fresh = new LwtSlotBooking(traced, NOW);
        fresh.createTables();
        fresh.addRestaurant(RESTAURANT);
        for (int day = -1; day < DAYS; day++) {
            for (LocalTime sitting : SITTINGS) {
                for (int table = 1; table <= SEATS.length; table++) {
                    fresh.addSlot(new Slot(RESTAURANT.restaurantId(), TODAY.plusDays(day), sitting, table, SEATS[table - 1]));
                }
            }
        }
        booking = fresh;
    }

    /** A future slot no other test uses. */
    static BookingRequest freshSlot(long user) {
        int n = NEXT_SLOT.getAndIncrement();
        int table = n % SEATS.length + 1;
        LocalTime sitting = SITTINGS.get(n / SEATS.length % SITTINGS.size());
        LocalDate date = TODAY.plusDays(1 + n / (SEATS.length * SITTINGS.size()));
        return new BookingRequest(UUID.randomUUID(), RESTAURANT.restaurantId(), date, sitting, table, user, 2);
    }

    static BookingRequest sameSlot(BookingRequest slot, long user, int party) {
        return new BookingRequest(UUID.randomUUID(), slot.restaurantId(), slot.date(), slot.time(), slot.tableId(), user, party);
    }

    @Test
    @DisplayName("a free table is booked with one conditional write on one partition; the next diner gets 409, writing nothing")
    void bookThenTaken(TracingSession session) {
        BookingRequest first = freshSlot(1);
        Measured<BookingResult> won = session.measure(() -> booking.book(first));
        assertEquals(new BookingResult.Booked(first.reservationId()), won.value());
        CostExpectations.assertConditionalWrite("book(first diner)", won.cost());

        BookingRequest second = sameSlot(first, 2, 2);
        Measured<BookingResult> lost = session.measure(() -> booking.book(second));
        assertInstanceOf(BookingResult.Taken.class, lost.value(), "the table was already booked");
        CostExpectations.assertConditionalWrite("book(second diner)", lost.cost());
        CostExpectations.assertRefusedWithoutWriting("book(second diner)", lost.cost());
    }

    @RepeatedTest(3)
    @DisplayName("12 diners released at once for one table: exactly one wins, 11 are told")
    void oneWinner() {
        BookingRequest slot = freshSlot(0);
        int diners = 12;
        List<BookingResult> results = Contenders.race(diners, d -> () -> booking.book(sameSlot(slot, 100 + d, 2)));
        long winners = results.stream().filter(r -> r instanceof BookingResult.Booked).count();
        if (winners != 1) {
            fail(winners + " of " + diners + " diners were told they booked table " + slot.tableId() + " at " + slot.time()
                    + ". A read then a plain write lets several through: only a conditional write"
                    + " (IF reservation_id = null) lets exactly one of them win.");
        }
        assertEquals(diners - 1, results.stream().filter(r -> r instanceof BookingResult.Taken).count(),
                "every loser must be told the table is taken: " + results);
        assertInstanceOf(BookingResult.Taken.class, booking.book(sameSlot(slot, 99, 2)), "the slot must stay booked");
    }

    @Test
    @DisplayName("a party larger than the table is refused (422), nothing is written, and the table stays free")
    void partyTooLarge(TracingSession session) {
        BookingRequest slot = freshSlot(3);
        BookingRequest tooMany = sameSlot(slot, 3, SEATS[slot.tableId() - 1] + 1);
        assertRefused(session, Reason.PARTY_TOO_LARGE, tooMany);
        assertInstanceOf(BookingResult.Booked.class, booking.book(slot), "the refused request must have left the table free");
    }

    @Test
    @DisplayName("a slot that does not exist is refused (404) and nothing is written")
    void unknownSlot(TracingSession session) {
        BookingRequest slot = freshSlot(4);
        assertRefused(session, Reason.UNKNOWN_SLOT, new BookingRequest(UUID.randomUUID(), slot.restaurantId(), slot.date(),
                LocalTime.of(17, 15), slot.tableId(), 4, 2));
        assertRefused(session, Reason.UNKNOWN_SLOT, new BookingRequest(UUID.randomUUID(), slot.restaurantId(), slot.date(),
                slot.time(), SEATS.length + 1, 4, 2));
        assertRefused(session, Reason.UNKNOWN_SLOT, new BookingRequest(UUID.randomUUID(), 404, slot.date(), slot.time(),
                slot.tableId(), 4, 2));
    }

    @Test
    @DisplayName("a sitting already over in the restaurant's zone is refused (422) and nothing is written")
    void inThePast(TracingSession session) {
        assertRefused(session, Reason.IN_THE_PAST, new BookingRequest(UUID.randomUUID(), RESTAURANT.restaurantId(),
                TODAY.minusDays(1), SITTINGS.get(2), 1, 5, 2));
        // 19:30 today is over at 20:00 Tokyo time, though it is only 11:00 in UTC.
        assertRefused(session, Reason.IN_THE_PAST, new BookingRequest(UUID.randomUUID(), RESTAURANT.restaurantId(),
                TODAY, SITTINGS.get(1), 1, 5, 2));
        assertInstanceOf(BookingResult.Booked.class, booking.book(new BookingRequest(UUID.randomUUID(),
                RESTAURANT.restaurantId(), TODAY, SITTINGS.get(2), 1, 5, 2)), "21:00 today is still ahead in Tokyo");
    }

    private static void assertRefused(TracingSession session, Reason reason, BookingRequest request) {
        Measured<BookingRefused> refused = session.measure(() -> assertThrows(BookingRefused.class,
                () -> booking.book(request), "expected BookingRefused(" + reason + ") for " + request));
        assertEquals(reason, refused.value().reason(), refused.value().getMessage());
        QueryCost cost = refused.cost();
        CostExpectations.assertRefusedWithoutWriting("book(" + reason + ")", cost);
    }
}
