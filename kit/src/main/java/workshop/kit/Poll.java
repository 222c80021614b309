package workshop.kit;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one way the workshop waits for something: a condition polled at an interval until a
 * deadline. An interrupt is never swallowed: the flag is restored and the wait ends at once.
 */
public final class Poll {

    private final String what;
    private final Duration timeout;
    private final Duration interval;

    private Poll(String what, Duration timeout, Duration interval) {
        this.what = what;
        this.timeout = timeout;
        this.interval = interval;
    }

    /** A wait for what (said in the timeout message, e.g. "node2 to answer on 9043"). */
    public static Poll until(String what, Duration timeout) {
        return new Poll(what, timeout, Duration.ofMillis(100));
    }

    public Poll every(Duration pause) {
        return new Poll(what, timeout, pause);
    }

    /** True once the condition holds, false when the deadline passed or the thread was interrupted. */
    public boolean tryAwait(Supplier<Boolean> condition) {
        return tryGet(() -> condition.get() ? Optional.of(Boolean.TRUE) : Optional.empty()).isPresent();
    }

    /** The first value the probe returns, or empty when the deadline passed or the thread was interrupted. */
    public <T> Optional<T> tryGet(Supplier<Optional<T>> probe) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> value = probe.get();
            if (value.isPresent()) {
                return value;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || !sleep(Math.min(interval.toNanos(), left))) {
                return Optional.empty();
            }
        }
    }

    /** Waits for the condition; a timeout throws with what was awaited and the fix to offer. */
    public void await(Supplier<Boolean> condition, String fix) {
        if (!tryAwait(condition)) {
            throw timedOut(fix);
        }
    }

    /** Like tryGet, but a timeout throws with what was awaited and the fix to offer. */
    public <T> T get(Supplier<Optional<T>> probe, String fix) {
        return tryGet(probe).orElseThrow(() -> timedOut(fix));
    }

    private WorkshopException timedOut(String fix) {
        String problem = Thread.currentThread().isInterrupted()
                ? "Interrupted while waiting for " + what + "."
                : "Waited " + seconds(timeout) + " for " + what + ", in vain.";
        return new WorkshopException(problem, fix);
    }

    /** Sleeps; false (with the interrupt flag restored) when interrupted. */
    public static boolean sleep(Duration pause) {
        return sleep(pause.toNanos());
    }

    private static boolean sleep(long nanos) {
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format("%.1f s", d.toMillis() / 1000.0);
    }
}
