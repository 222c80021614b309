package workshop.lesson08d;

import java.time.Instant;
import java.util.Comparator;

/**
 * One event a payment terminal logs: a payment approved or declined, a heartbeat, a reboot. The
 * terminal stamps it to the millisecond and gives it an id of its own, unique across terminals.
 *
 * @param amountCents the payment's amount; 0 for an event that is not a payment
 */
public record TerminalEvent(String terminalId, String merchantId, Instant at, String eventId, Kind kind,
                            long amountCents) {

    /** The order the screens show: newest first; of events in the same millisecond, the greater id first. */
    public static final Comparator<TerminalEvent> NEWEST_FIRST = Comparator.comparing(TerminalEvent::at)
            .thenComparing(TerminalEvent::eventId).reversed();

    public enum Kind { APPROVED, DECLINED, HEARTBEAT, REBOOT }
}
