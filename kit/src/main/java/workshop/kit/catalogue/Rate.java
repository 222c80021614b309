package workshop.kit.catalogue;

import java.time.Duration;

/**
 * How often a question is asked, as a person would say it ("20,000/s", "monthly") and as a
 * number the checker compares with its threshold for busy patterns.
 */
public record Rate(double timesPerSecond, String label) {

    private static final double SECONDS_A_MONTH = Duration.ofDays(30).toSeconds();

    public Rate {
        if (!(timesPerSecond > 0)) {
            throw new IllegalArgumentException("a rate must be above zero, was " + timesPerSecond);
        }
    }

    public static Rate perSecond(double times) {
        return new Rate(times, String.format("%,.0f/s", times));
    }

    public static Rate perMinute(double times) {
        return new Rate(times / 60, String.format("%,.0f/min", times));
    }

    public static Rate perDay(double times) {
        return new Rate(times / Duration.ofDays(1).toSeconds(), String.format("%,.0f/day", times));
    }

    public static Rate perMonth(double times) {
        return new Rate(times / SECONDS_A_MONTH, times == 1 ? "monthly" : String.format("%,.0f/month", times));
    }

    public boolean atLeast(Rate other) {
        return timesPerSecond >= other.timesPerSecond;
    }

    @Override
    public String toString() {
        return label;
    }
}
