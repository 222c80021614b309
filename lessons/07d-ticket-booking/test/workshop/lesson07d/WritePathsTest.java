package workshop.lesson07d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.MovableClock;
import workshop.testkit.StatementLog;

/**
 * What a hold and a sale send, statement by statement: the conditional write decides with no read
 * before it, and a sale whose count write is applied but never answered still takes exactly one
 * seat off the event page. Every statement, writes too, runs on a session that checks it was
 * prepared once and bound.
 */
@ExtendWith(CassandraExtension.class)
class WritePathsTest {

    private static TicketBooking booking;
    private static StatementLog log;
    private static List<String> eventPageTables;

    /** Loads once per class; while setUp fails, every test fails with its error. */
    @BeforeEach
    void loadOnce(TracingSession session) {
        if (booking != null) {
            return;
        }
        StatementLog fresh = StatementLog.around(session);
        TicketBooking loaded = new TicketBooking(MovableClock.at(Tickets.NOW), Tickets.HOLD);
        loaded.setUp(fresh.session());
        eventPageTables = loaded.patterns().stream().filter(p -> p.id().equals("T1")).findFirst()
                .map(p -> p.plan().tables()).orElseThrow(() -> new AssertionError("the catalogue declares no T1"));
        log = fresh;
        booking = loaded;
    }

    @Test
    @DisplayName("a hold and a sale read nothing before the conditional write that decides them")
    void theConditionalWriteDecidesWithNoReadBeforeIt() {
        Seat seat = TicketOracle.freeSeats().get(0);
        StatementLog.Recorded<Boolean> held = log.record(() -> booking.hold(new HoldRequest(seat, "reader")));
        assertNoReadBeforeTheCondition("hold (T3, 300 a second)", held.statements());
        assertTrue(held.value(), "a free seat is held for the first buyer to ask");
        StatementLog.Recorded<Optional<Ticket>> bought = log.record(() -> booking.buy(seat, "reader"));
        assertNoReadBeforeTheCondition("buy (T4, 100 a second)", bought.statements());
        assertTrue(bought.value().isPresent(), "the holder buys the seat they hold");
    }

    @Test
    @DisplayName("a sale whose count write is applied and never answered takes one seat off the event page, not two")
    void aCountThatTimesOutCountsOnce() {
        Seat seat = TicketOracle.freeSeats().get(1);
        assertTrue(booking.hold(new HoldRequest(seat, "timed-out")), "a free seat is held for the first buyer to ask");
        int before = NoSeatSoldTwiceTest.remainingIn(booking, seat);
        Node coordinator = log.session().getMetadata().getNodes().values().iterator().next();
        // Applied, but the answer is lost: as when a replica is slow to acknowledge a write that landed.
        log.failAfterApplying(s -> !s.read() && !s.conditional() && eventPageTables.contains(s.table()),
                new WriteTimeoutException(coordinator, ConsistencyLevel.ONE, 0, 1, WriteType.SIMPLE));
        StatementLog.Recorded<String> sold = log.record(() -> {
            try {
                return booking.buy(seat, "timed-out").isPresent() ? "sold" : "refused";
            } catch (WriteTimeoutException timeout) {
                return "the timeout itself";
            }
        });
        int taken = before - NoSeatSoldTwiceTest.remainingIn(booking, seat);
        if (taken != 1) {
            fail(String.format("""
                    One sale took %d seats off section %s of %s on the event page: its count write to %s
                      was applied, then timed out (the answer was lost), and buy() answered %s after sending:
                      %s
                      A decrement sent again counts the sale again, and a counter cannot tell. Keep the count
                      a copy that writing twice cannot skew: the section's unsold seats counted again from its
                      seat rows and written whole, with the time the count began (USING TIMESTAMP), so a
                      retry writes the same number and a later count wins.""",
                    taken, seat.section(), seat.eventId(), String.join(", ", eventPageTables), sold.value(),
                    describe(sold.statements())));
        }
        assertEquals(SeatState.Status.SOLD, NoSeatSoldTwiceTest.statusIn(booking, seat), "the seat was sold");
    }

    /** The statements before the first conditional write must hold no read; without one, the race tests speak. */
    private static void assertNoReadBeforeTheCondition(String what, List<StatementLog.Ran> ran) {
        int decided = 0;
        while (decided < ran.size() && !ran.get(decided).conditional()) {
            decided++;
        }
        if (decided == ran.size()) {
            return;
        }
        List<StatementLog.Ran> reads = ran.subList(0, decided).stream().filter(StatementLog.Ran::read).toList();
        if (!reads.isEmpty()) {
            fail(String.format("""
                    %s read before its conditional write:
                      %s
                      The condition decides, as the store writes it: a read before it decides nothing (the seat
                      can change in between), and it is one more round trip on the section's partition, the one
                      every buyer of the section races for. Send UPDATE ... IF first and answer from
                      wasApplied(); read afterwards only what the write did not tell you.""",
                    what, describe(reads)));
        }
    }

    private static String describe(List<StatementLog.Ran> statements) {
        return statements.stream().map(StatementLog.Ran::describe).collect(Collectors.joining("\n  "));
    }
}
