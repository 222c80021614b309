package workshop.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock the test sets: it stands still until the test moves it, forward between two calls or
 * back, as NTP or a resumed VM moves a server's clock. Code that reads "now" once and keeps it (in
 * a constructor, say), or trusts the clock never to go back, fails as soon as the test moves it.
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

    /** Reads {@code start} until moved, in UTC: for code that reads instants, not wall times. */
    public static MovableClock at(Instant start) {
        return new MovableClock(new AtomicReference<>(start), ZoneOffset.UTC);
    }

    /** From now on the clock reads this instant. */
    public void moveTo(ZonedDateTime instant) {
        moveTo(instant.toInstant());
    }

    public void moveTo(Instant instant) {
        now.set(instant);
    }

    /** Forward, or back with a negative duration. */
    public void move(Duration by) {
        now.updateAndGet(instant -> instant.plus(by));
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
