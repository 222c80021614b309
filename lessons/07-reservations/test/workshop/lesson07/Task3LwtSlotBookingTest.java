package workshop.lesson07;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.fixtures.concurrent.Contenders;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.lesson07.BookingRefused.Reason;
import workshop.testkit.CassandraExtension;
import workshop.testkit.CostExpectations;
import workshop.testkit.MovableClock;
import workshop.testkit.StatementLog;

@ExtendWith(CassandraExtension.class)
@Tag("task-3")
class Task3LwtSlotBookingTest {

    static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");
    static final Restaurant RESTAURANT = new Restaurant(7, "Sushi Nana", "Tokyo", "Japanese", TOKYO);
    /** 20:00 in Tokyo on 10 March 2030 (11:00 UTC): "now" for every test that does not move it. */
    static final ZonedDateTime NOW = ZonedDateTime.of(2030, 3, 10, 20, 0, 0, 0, TOKYO);
    static final MovableClock CLOCK = MovableClock.at(NOW);
    /** Paris, which moves from UTC+1 to UTC+2 on 31 March 2030; added while it is still UTC+1. */
    static final ZoneId PARIS = ZoneId.of("Europe/Paris");
    static final Restaurant LE_HUIT = new Restaurant(8, "Le Huit", "Paris", "French", PARIS);
    static final List<LocalDate> EITHER_SIDE_OF_THE_CHANGE =
            List.of(LocalDate.of(2030, 3, 10), LocalDate.of(2030, 4, 1));
    static final LocalDate TODAY = LocalDate.of(2030, 3, 10);
    static final List<LocalTime> SITTINGS = List.of(LocalTime.of(18, 0), LocalTime.of(19, 30), LocalTime.of(21, 0));
    static final int[] SEATS = {2, 4, 4, 6};
    static final int DAYS = 4;

    private static LwtSlotBooking booking;
    private static StatementLog log;
    private static final AtomicInteger NEXT_SLOT = new AtomicInteger();

    /** Loads once per class; while createTables or addSlot fail, every test fails with their error. */
    @BeforeEach
    void loadOnce(TracingSession traced) {
        if (booking != null) {
            return;
        }
        log = StatementLog.around(traced);
        LwtSlotBooking fresh = new LwtSlotBooking(log.session(), CLOCK);
        fresh.createTables();
        fresh.addRestaurant(RESTAURANT);
        fresh.addRestaurant(LE_HUIT);
        for (LocalDate day : EITHER_SIDE_OF_THE_CHANGE) {
            for (LocalTime sitting : SITTINGS.subList(0, 2)) {
                fresh.addSlot(new Slot(LE_HUIT.restaurantId(), day, sitting, 1, 2));
            }
        }
        for (int day = -1; day < DAYS; day++) {
            for (LocalTime sitting : SITTINGS) {
                for (int table = 1; table <= SEATS.length; table++) {
                    fresh.addSlot(new Slot(RESTAURANT.restaurantId(), TODAY.plusDays(day), sitting, table, SEATS[table - 1]));
                }
            }
        }
        booking = fresh;
    }

    @AfterEach
    void clockBack() {
        CLOCK.moveTo(NOW);
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

    @Test
    @DisplayName("a booking sends its slot one statement, the conditional write, taken or not")
    void oneStatementOnTheSlot() {
        BookingRequest first = freshSlot(11);
        for (BookingRequest request : List.of(first, sameSlot(first, 12, 2))) {
            StatementLog.Recorded<BookingResult> booked = log.record(() -> booking.book(request));
            // Without a conditional write there is no slot table to tell: bookThenTaken fails that.
            String slots = booked.statements().stream().filter(StatementLog.Ran::conditional)
                    .map(StatementLog.Ran::table).findFirst().orElse("");
            List<StatementLog.Ran> onTheSlot = booked.on(slots);
            if (onTheSlot.size() > 1) {
                fail(String.format("""
                        book() answered %s after sending %d statement(s) to %s:
                          %s
                          The conditional write alone decides, and when it is not applied it
                          returns the values its condition saw. A read before it decides nothing
                          (the slot can change in between) and doubles the round trips on a
                          partition every booking and search of that day shares. Send only
                          UPDATE ... IF and answer from wasApplied() and the row it returns.""",
                        booked.value(), onTheSlot.size(), slots, describe(onTheSlot)));
            }
        }
    }

    @Test
    @DisplayName("a conditional write that timed out may be applied: the slot is read at SERIAL")
    void timeoutReadBackAtSerial() {
        BookingRequest request = freshSlot(13);
        Node coordinator = log.session().getMetadata().getNodes().values().iterator().next();
        // Applied, but the answer is lost: as when Paxos times out after a majority accepted.
        log.failAfterApplying(StatementLog.Ran::conditional,
                new WriteTimeoutException(coordinator, ConsistencyLevel.SERIAL, 0, 1,
                        WriteType.CAS));
        StatementLog.Recorded<String> booked = log.record(() -> {
            try {
                return Answer.of(() -> booking.book(request));
            } catch (WriteTimeoutException timeout) {
                return "with the timeout itself";
            }
        });
        List<StatementLog.Ran> ran = booked.statements();
        OptionalInt timedOut = IntStream.range(0, ran.size()).filter(i -> ran.get(i).conditional())
                .findFirst();
        if (timedOut.isEmpty()) {
            return; // no conditional write to time out: bookThenTaken fails that
        }
        String slots = ran.get(timedOut.getAsInt()).table();
        List<StatementLog.Ran> plainReads = ran.subList(timedOut.getAsInt() + 1, ran.size()).stream()
                .filter(s -> s.read() && s.table().equals(slots) && !s.serial()).toList();
        if (!plainReads.isEmpty()) {
            fail(String.format("""
                    After its conditional write timed out (WriteTimeoutException, WriteType.CAS),
                      book() read the slot with %s.
                      The outcome is unknown: Paxos may have accepted the write and not committed
                      it yet, and a plain read does not see that, so it can call free a table this
                      diner already holds. Read it at ConsistencyLevel.SERIAL (or LOCAL_SERIAL): a
                      serial read first settles any proposal in flight, then answers.""",
                    describe(plainReads)));
        }
        if (!booked.value().equals(Answer.BOOKED)) {
            fail(String.format("""
                    The conditional write was applied, then timed out before its answer came
                      back; book() answered %s after sending:
                      %s
                      A timeout of a conditional write does not say it failed: read the slot back
                      at ConsistencyLevel.SERIAL; if it holds this request's reservation id, the
                      diner has the table (201). Writing again would meet the diner's own claim
                      and answer 409.""",
                    booked.value(), describe(ran)));
        }
    }

    @Test
    @DisplayName("summer time: at 18:45 in Paris, on both sides of the change, 18:00 is over")
    void zoneWithSummerTime() {
        for (LocalDate day : EITHER_SIDE_OF_THE_CHANGE) {
            ZonedDateTime now = ZonedDateTime.of(day, LocalTime.of(18, 45), PARIS);
            CLOCK.moveTo(now);
            String over = Answer.of(() -> booking.book(inLeHuit(day, SITTINGS.get(0))));
            String ahead = Answer.of(() -> booking.book(inLeHuit(day, SITTINGS.get(1))));
            if (!over.equals(Answer.OVER) || !ahead.equals(Answer.BOOKED)) {
                fail(String.format("""
                        At 18:45 in Paris on %s (UTC%s), book() answered %s for the 18:00
                          sitting and %s for 19:30; 18:00 is over and 19:30 is not. Paris changes
                          its offset twice a year, so an offset kept from the day the restaurant
                          was added (+01:00) is an hour off for half of it. Store the zone id
                          (zone.getId(), "Europe/Paris") and take each instant's offset from it:
                          ZoneId.of(stored).""", day, now.getOffset(), over, ahead));
            }
        }
    }

    static BookingRequest inLeHuit(LocalDate day, LocalTime sitting) {
        return new BookingRequest(UUID.randomUUID(), LE_HUIT.restaurantId(), day, sitting, 1, 8, 2);
    }

    private static String describe(List<StatementLog.Ran> statements) {
        return statements.stream().map(StatementLog.Ran::describe)
                .collect(Collectors.joining("\n  "));
    }

    private static void assertRefused(TracingSession session, Reason reason, BookingRequest request) {
        Measured<BookingRefused> refused = session.measure(() -> assertThrows(BookingRefused.class,
                () -> booking.book(request), "expected BookingRefused(" + reason + ") for " + request));
        assertEquals(reason, refused.value().reason(), refused.value().getMessage());
        QueryCost cost = refused.cost();
        CostExpectations.assertRefusedWithoutWriting("book(" + reason + ")", cost);
    }
}
