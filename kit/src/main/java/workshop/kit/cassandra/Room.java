package workshop.kit.cassandra;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import workshop.kit.WorkshopException;

/**
 * Room mode: WORKSHOP_ROOM names the room an instructor runs on one shared cluster. With it set,
 * a learner's WORKSHOP_NAMESPACE defaults to one of their own ({@link LearnerName}) and every
 * check also records its result in the room's table, which ./jbang room shows. It sits beside
 * {@link Keyspaces}, which reads it for that default namespace; the room's recorder, table and
 * grid, built on the kit, are the room module's (workshop.room).
 */
public record Room(String name) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,39}");

    public Room {
        if (!NAME.matcher(name).matches()) {
            throw new WorkshopException("WORKSHOP_ROOM is '" + name + "'; a room's name is 1 to 40 lower-case letters,"
                    + " digits, - or _.", "export WORKSHOP_ROOM=" + name.toLowerCase(java.util.Locale.ROOT)
                    .replaceAll("[^a-z0-9_-]", "-").replaceAll("^[^a-z0-9]+", ""));
        }
    }

    /** The room WORKSHOP_ROOM names, or none (a learner on their own). */
    public static Optional<Room> fromEnvironment() {
        return from(System.getenv());
    }

    public static Optional<Room> from(Map<String, String> env) {
        return Optional.ofNullable(env.get("WORKSHOP_ROOM")).map(String::trim).filter(v -> !v.isEmpty()).map(Room::new);
    }
}
