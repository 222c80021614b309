package workshop.lesson07d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.MovableClock;

/**
 * A hold that is not paid frees its seat by itself. The hold lasts seconds here, not ten minutes,
 * and both the clock and real time move past it, so a design that expires holds by either sees it.
 */
@ExtendWith(CassandraExtension.class)
class UnpaidHoldTest {

    static final Duration HOLD = Duration.ofSeconds(2);
    /** Past the hold by a second: a TTL counts whole seconds from the second its write landed in. */
    static final Duration PAST_IT = HOLD.plusSeconds(2);

    @Test
    void anUnpaidHoldFreesTheSeatByItself(TracingSession session) throws InterruptedException {
        MovableClock clock = MovableClock.at(Tickets.NOW);
        TicketBooking booking = new TicketBooking(clock, HOLD);
        booking.setUp(session);
        Seat seat = TicketOracle.freeSeats().get(0);
        EventSection section = new EventSection(seat.eventId(), seat.section());
        assertTrue(booking.hold(new HoldRequest(seat, "slow-payer")), "a free seat is held for the first buyer to ask");
        assertFalse(booking.hold(new HoldRequest(seat, "next-in-line")), "a held seat cannot be held by another buyer");
        assertEquals(SeatState.Status.HELD, statusIn(booking, section, seat), "the seat map shows a running hold");
        clock.move(PAST_IT);
        Thread.sleep(PAST_IT.toMillis());
        SeatState.Status after = statusIn(booking, section, seat);
        if (after != SeatState.Status.FREE) {
            fail(String.format("""
                    Seat %s was held for %d s and not paid; %d s later the seat map still shows it %s.
                      An unpaid hold must free the seat by itself, with no job to run: let what the hold writes
                      expire where it is stored (a TTL of the hold time, not ten minutes), or keep its expiry
                      and compare it with the clock's now wherever a hold is read or tested.""",
                    seat, HOLD.toSeconds(), PAST_IT.toSeconds(), after));
        }
        assertEquals(Optional.empty(), booking.buy(seat, "slow-payer"), "a lapsed hold cannot be paid");
        assertTrue(booking.hold(new HoldRequest(seat, "next-in-line")), "the seat of a lapsed hold can be held again");
    }

    private static SeatState.Status statusIn(TicketBooking booking, EventSection section, Seat seat) {
        return booking.seatMap(section).stream().filter(s -> s.number() == seat.number()).findFirst().map(SeatState::status)
                .orElseThrow(() -> new AssertionError("the seat map of " + section + " has no seat " + seat.number()));
    }
}
