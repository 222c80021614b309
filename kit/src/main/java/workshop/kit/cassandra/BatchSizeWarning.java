package workshop.kit.cassandra;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The size a node reports for a batch that crossed batch_size_warn_threshold, read from the
 * warning it sends back ("Batch for [...] is of size 19445, exceeding specified threshold of 5120
 * by 14325.": bytes to the client, with units in its own log). Below the threshold the node says
 * nothing, so neither does this.
 */
public record BatchSizeWarning(long bytes, long thresholdBytes) {

    private static final Pattern SIZES = Pattern.compile(
            "Batch for .* is of size ([0-9.]+)(B|KiB|MiB|), exceeding specified threshold of ([0-9.]+)(B|KiB|MiB|)");

    /** The first batch-size warning among a response's warnings, if the node sent one. */
    public static Optional<BatchSizeWarning> in(List<String> warnings) {
        for (String warning : warnings) {
            Matcher m = SIZES.matcher(warning);
            if (m.find()) {
                return Optional.of(new BatchSizeWarning(bytes(m.group(1), m.group(2)), bytes(m.group(3), m.group(4))));
            }
        }
        return Optional.empty();
    }

    private static long bytes(String value, String unit) {
        double scale = switch (unit) {
            case "KiB" -> 1024;
            case "MiB" -> 1024 * 1024;
            default -> 1;
        };
        return Math.round(Double.parseDouble(value) * scale);
    }

    @Override
    public String toString() {
        return String.format("%,.1f KiB (threshold %,.1f KiB)", bytes / 1024.0, thresholdBytes / 1024.0);
    }
}
