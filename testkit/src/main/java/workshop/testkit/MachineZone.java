package workshop.testkit;

import java.util.TimeZone;
import java.util.function.Supplier;

/**
 * Runs a call as on a machine set to another zone than UTC, then sets the JVM's zone back. The
 * briefs' days and years are UTC ones: code that reads the machine's zone (ZoneId.systemDefault(),
 * LocalDate.now() without a clock, atStartOfDay() without a zone) gives other answers here, while
 * code that names UTC gives the same.
 */
public final class MachineZone {

    /** Eight hours behind UTC in winter: the first hours of a UTC day are still the day before. */
    public static final TimeZone BEHIND_UTC = TimeZone.getTimeZone("America/Los_Angeles");
    /** Fourteen hours ahead of UTC: the last hours of a UTC day are already the day after. */
    public static final TimeZone AHEAD_OF_UTC = TimeZone.getTimeZone("Pacific/Kiritimati");

    private MachineZone() {}

    public static <T> T in(TimeZone zone, Supplier<T> call) {
        TimeZone machine = TimeZone.getDefault();
        try {
            TimeZone.setDefault(zone);
            return call.get();
        } finally {
            TimeZone.setDefault(machine);
        }
    }
}
