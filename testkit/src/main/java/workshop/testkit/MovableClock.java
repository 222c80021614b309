package workshop.testkit;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock the test sets: it stands still until the test moves it, so code that reads "now" once
 * and keeps it (in a constructor, say) answers as of the old instant after the clock moved.
 */
public final class MovableClock extends Clock {

    /** Shared with the copies withZone makes, so they move with this one. */
    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    private MovableClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    /** Reads {@code start} until moved, in start's zone. */
    public static MovableClock at(ZonedDateTime start) {
        return new MovableClock(new AtomicReference<>(start.toInstant()), start.getZone());
    }

    /** From now on the clock reads this instant. */
    public void moveTo(ZonedDateTime instant) {
        now.set(instant.toInstant());
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
        return new MovableClock(now, other);
    }
}
