package workshop.lesson07d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.fixtures.concurrent.Contenders;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.MovableClock;
import workshop.testkit.RaceLost;

/** T3 and T4 under a race: of many buyers for one seat, exactly one gets a ticket, and it shows. */
@ExtendWith(CassandraExtension.class)
class NoSeatSoldTwiceTest {

    static final int BUYERS = 8;

    private static TicketBooking booking;
    /** Hands each test seats of its own, free in the sample data. */
    private static final AtomicInteger NEXT_SEAT = new AtomicInteger();

    /** Loads once per class; while setUp fails, every test fails with its error. */
    @BeforeEach
    void loadOnce(TracingSession session) {
        if (booking != null) {
            return;
        }
        TicketBooking fresh = new TicketBooking(MovableClock.at(Tickets.NOW), Tickets.HOLD);
        fresh.setUp(session);
        booking = fresh;
    }

    static Seat freshSeat() {
        return TicketOracle.freeSeats().get(NEXT_SEAT.getAndIncrement());
    }

    /** Hands each test a seat of its own whose hold in the sample data lapsed unpaid before NOW. */
    private static final AtomicInteger NEXT_LAPSED = new AtomicInteger();

    static Seat lapsedSeat() {
        List<Seat> lapsed = Tickets.holds().stream()
                .filter(h -> h.expiresAt().isBefore(Tickets.NOW) && !h.seat().eventId().equals(Tickets.SHOWCASE))
                .map(Hold::seat).toList();
        return lapsed.get(NEXT_LAPSED.getAndIncrement());
    }

    @RepeatedTest(value = 3, name = RepeatedTest.LONG_DISPLAY_NAME)
    @DisplayName("8 buyers hold then buy one seat at once: one ticket, one seat sold, the event page one lower")
    void buyersRacingForOneSeat() {
        Seat seat = freshSeat();
        int before = remaining(seat);
        AtomicInteger held = new AtomicInteger();
        List<Optional<Ticket>> sold = Contenders.race(BUYERS, b -> () -> {
            String buyer = "racer-" + b;
            if (!booking.hold(new HoldRequest(seat, buyer))) {
                return Optional.<Ticket>empty();
            }
            held.incrementAndGet();
            return booking.buy(seat, buyer);
        });
        if (held.get() != 1) {
            throw new RaceLost(String.format("""
                    %d of %d buyers racing for seat %s were told they hold it.
                      A read that finds the seat free, then a plain write, tells every buyer that read before
                      the first write that the seat is theirs. Let the write decide: a condition the store
                      checks as it writes (a lightweight transaction, UPDATE ... IF), answered from wasApplied().""",
                    held.get(), BUYERS, seat));
        }
        List<Ticket> tickets = sold.stream().flatMap(Optional::stream).toList();
        if (tickets.size() != 1) {
            throw new RaceLost(String.format("""
                    %d of %d buyers racing for seat %s were sold it, though one of them held it.
                      The sale must go to the buyer who holds the seat, once: its write tests the hold as it
                      writes (UPDATE ... IF), and the buyer is answered from wasApplied().""",
                    tickets.size(), BUYERS, seat));
        }
        Ticket ticket = tickets.get(0);
        assertEquals(SeatState.Status.SOLD, statusOf(seat), "the seat map must show the seat sold");
        assertTrue(booking.tickets(ticket.buyerId()).contains(ticket), "the winner's tickets must hold the ticket sold");
        assertEquals(before - 1, remaining(seat), "one sale takes exactly one seat off its section on the event page");
    }

    @RepeatedTest(value = 3, name = RepeatedTest.LONG_DISPLAY_NAME)
    @DisplayName("a buyer pays twice at once for the seat they hold (a double click): one ticket")
    void theHolderPayingTwiceAtOnce() {
        Seat seat = freshSeat();
        String buyer = "double-clicker";
        assertTrue(booking.hold(new HoldRequest(seat, buyer)), "a free seat is held for the first buyer to ask");
        List<Optional<Ticket>> sold = Contenders.race(BUYERS, b -> () -> booking.buy(seat, buyer));
        long tickets = sold.stream().filter(Optional::isPresent).count();
        if (tickets != 1) {
            throw new RaceLost(String.format("""
                    %d of %d payments at once for seat %s, held by the one buyer sending them, were sold.
                      Checking the hold with a read and then writing the sale lets every payment that read
                      before the first write through: the seat is sold twice. The sale's write must test the
                      hold itself (UPDATE ... IF, read wasApplied()), so that only the first one applies.""",
                    tickets, BUYERS, seat));
        }
    }

    @RepeatedTest(value = 5, name = RepeatedTest.LONG_DISPLAY_NAME)
    @DisplayName("8 buyers hold at once a seat whose hold lapsed unpaid: one of them holds it")
    void buyersRacingForALapsedHold() {
        Seat seat = lapsedSeat();
        List<Boolean> held = Contenders.race(BUYERS, b -> () -> booking.hold(new HoldRequest(seat, "re-holder-" + b)));
        long holders = held.stream().filter(Boolean::booleanValue).count();
        if (holders != 1) {
            throw new RaceLost(String.format("""
                    %d of %d buyers holding seat %s at once, whose last hold lapsed unpaid, were told they hold it.
                      A seat has one holder at a time, a lapsed hold's seat too. Finding that the hold ran out,
                      then writing the new holder without a condition, tells every buyer who looked before the
                      first write that the seat is theirs. Let the lapse be part of the condition the store tests
                      as it writes (a holder cell whose TTL has emptied it, or IF held_until < now), answered
                      from wasApplied().""",
                    holders, BUYERS, seat));
        }
        assertEquals(SeatState.Status.HELD, statusOf(seat), "the seat map must show the seat held again");
    }

    @Test
    @DisplayName("only the holder buys: another buyer is refused, and a sold seat can be neither held nor bought")
    void onlyTheHolderBuys() {
        Seat seat = freshSeat();
        assertTrue(booking.hold(new HoldRequest(seat, "holder")), "a free seat is held for the first buyer to ask");
        assertEquals(Optional.empty(), booking.buy(seat, "someone-else"), "a buyer who holds nothing buys nothing");
        List<Ticket> refused = booking.tickets("someone-else");
        if (!refused.isEmpty()) {
            fail(String.format("""
                    buy(%s, "someone-else") was refused, yet the buyer's tickets (T5) show %s.
                      A ticket is what a sale leaves (T4: "their ticket"), so it is written only once the
                      seat's conditional write has applied for this buyer: written before, every refused
                      buyer keeps a ticket for a seat they never bought.""",
                    seat, refused));
        }
        Optional<Ticket> ticket = booking.buy(seat, "holder");
        assertEquals(Optional.of(new Ticket(seat, "holder", Tickets.NOW)), ticket, "the holder buys at the clock's now");
        assertEquals(Optional.empty(), booking.buy(seat, "holder"), "a seat is sold once, even to its buyer");
        assertEquals(false, booking.hold(new HoldRequest(seat, "late")), "a sold seat cannot be held");
        Seat unheld = freshSeat();
        assertEquals(Optional.empty(), booking.buy(unheld, "holder"), "a seat no one holds cannot be bought");
        assertEquals(SeatState.Status.FREE, statusOf(unheld), "a refused sale leaves the seat free");
    }

    static SeatState.Status statusOf(Seat seat) {
        return statusIn(booking, seat);
    }

    static SeatState.Status statusIn(TicketBooking booking, Seat seat) {
        return booking.seatMap(new EventSection(seat.eventId(), seat.section())).stream()
                .filter(s -> s.number() == seat.number()).findFirst().map(SeatState::status)
                .orElseThrow(() -> new AssertionError("the seat map of " + seat.section() + " has no seat " + seat.number()));
    }

    static int remaining(Seat seat) {
        return remainingIn(booking, seat);
    }

    static int remainingIn(TicketBooking booking, Seat seat) {
        return booking.eventPage(seat.eventId()).stream().filter(s -> s.section().equals(seat.section())).findFirst()
                .map(SectionAvailability::remaining)
                .orElseThrow(() -> new AssertionError("the event page of " + seat.eventId() + " has no section " + seat.section()));
    }
}
