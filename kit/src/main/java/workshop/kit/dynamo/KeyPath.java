package workshop.kit.dynamo;

import java.util.List;

/**
 * A hierarchical key: named levels joined with '#', such as "STATE#CA#CITY#Oakland", so that
 * begins_with on a shorter path reads one whole level of the hierarchy. A prefix ends with the
 * separator: without it, "CITY#San" would match San Jose and San Mateo too.
 */
public final class KeyPath {

    public static final String SEPARATOR = "#";

    private KeyPath() {}

    /** Parts joined with '#': of("STATE", "CA") is "STATE#CA". A part may not hold the separator. */
    public static String of(String... parts) {
        for (String part : parts) {
            if (part.isEmpty() || part.contains(SEPARATOR)) {
                throw new IllegalArgumentException("a key part is not empty and holds no '" + SEPARATOR + "': '" + part + "'");
            }
        }
        return String.join(SEPARATOR, List.of(parts));
    }

    /** The prefix that matches this path and everything below it, and nothing beside it. */
    public static String prefix(String... parts) {
        return of(parts) + SEPARATOR;
    }
}
