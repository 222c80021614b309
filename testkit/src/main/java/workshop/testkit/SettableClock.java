package workshop.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock the test moves: forward between two calls, or back, as NTP or a resumed VM moves a
 * server's clock. Code that reads "now" once and keeps it, or trusts the clock never to go back,
 * fails as soon as the test moves it.
 */
public final class SettableClock extends Clock {

    private volatile Instant now;

    public SettableClock(Instant now) {
        this.now = now;
    }

    public void set(Instant instant) {
        now = instant;
    }

    public void move(Duration by) {
        now = now.plus(by);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    /** A settable clock keeps one zone: the code under test reads instants, not wall times. */
    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("SettableClock stays in UTC");
    }
}
