package workshop.kit.catalogue;

import java.time.Duration;
import java.util.Locale;

/** Latencies and targets as the report writes them: "2.1 ms", "50 ms", "1 h". */
final class Durations {

    private Durations() {}

    static String millis(Duration took) {
        return String.format(Locale.ROOT, "%,.1f ms", took.toNanos() / 1e6);
    }

    static String target(Duration p99) {
        if (p99.toHours() >= 1 && p99.toMinutes() % 60 == 0) {
            return p99.toHours() + " h";
        }
        return p99.toSeconds() >= 1 && p99.toMillis() % 1000 == 0 ? p99.toSeconds() + " s" : String.format(Locale.ROOT, "%,d ms", p99.toMillis());
    }
}
