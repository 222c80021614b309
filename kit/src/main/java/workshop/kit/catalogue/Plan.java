package workshop.kit.catalogue;

import java.util.ArrayList;
import java.util.List;

/**
 * How a design says it serves an access pattern, written next to the pattern so the checker can
 * hold it to it. A key read names its tables, whether it fetches one row (point) or a slice of a
 * partition in clustering order (range), and how many partitions it touches. A pattern no key
 * serves says where it goes instead: a batch job that scans the table, or a search index.
 *
 * @param store          where the answer comes from
 * @param tables         the tables read, in the order they are read (the table feeding a search index)
 * @param access         point, range, batch scan or search
 * @param partitions     partitions a key read touches
 * @param mostPartitions the most a walking read may touch (equal to partitions when it does not walk)
 * @param note           why: for a walk, a batch job or a search index, the reason a person would give
 */
public record Plan(Store store, List<String> tables, Access access, int partitions, int mostPartitions, String note) {

    public enum Store { CASSANDRA, SEARCH_INDEX }

    public enum Access {
        POINT("point"), RANGE("range"), BATCH_SCAN("batch job"), SEARCH("search index");

        private final String label;

        Access(String label) {
            this.label = label;
        }

        /** True for reads that go straight to partitions by their key. */
        public boolean keyed() {
            return this == POINT || this == RANGE;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public Plan {
        tables = List.copyOf(tables);
        if (tables.isEmpty()) {
            throw new IllegalArgumentException("a plan names at least one table");
        }
        if (access.keyed() && (partitions < 1 || mostPartitions < partitions)) {
            throw new IllegalArgumentException("a key read touches at least one partition, and walks to no fewer than it starts with");
        }
        if (!access.keyed() && note.isBlank()) {
            throw new IllegalArgumentException("a " + access + " plan says how it answers the question");
        }
    }

    /** One row by its whole primary key, in one partition. */
    public static Plan point(String table) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.POINT, 1, 1, "");
    }

    /** A slice of one partition, in the order its clustering columns keep, stopped at a limit. */
    public static Plan range(String table) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.RANGE, 1, 1, "");
    }

    /** No key serves it: a job scans the table off the request path. */
    public static Plan batchJob(String table, String how) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.BATCH_SCAN, 0, 0, how);
    }

    /** No key serves it: a search index, fed from the table, answers it. */
    public static Plan searchIndex(String fedFrom, String how) {
        return new Plan(Store.SEARCH_INDEX, List.of(fedFrom), Access.SEARCH, 0, 0, how);
    }

    /** A second key read after this one, such as a lookup table first and the row it points to next. */
    public Plan then(Plan next) {
        if (!access.keyed() || !next.access.keyed()) {
            throw new IllegalArgumentException("only key reads follow one another");
        }
        List<String> both = new ArrayList<>(tables);
        both.addAll(next.tables);
        Access combined = access == Access.POINT && next.access == Access.POINT ? Access.POINT : Access.RANGE;
        return new Plan(store, both, combined, partitions + next.partitions, mostPartitions + next.mostPartitions,
                String.join("; ", List.of(note, next.note).stream().filter(n -> !n.isBlank()).toList()));
    }

    /**
     * Reads one partition, and the neighbouring ones one at a time when it holds fewer rows than
     * asked for (the time buckets of a growing partition), at most {@code most} partitions in all.
     */
    public Plan walking(int most, String why) {
        if (!access.keyed() || most <= partitions || why.isBlank()) {
            throw new IllegalArgumentException("a walk is a key read that may touch more partitions than it starts with, and says why");
        }
        return new Plan(store, tables, access, partitions, most, why);
    }

    public boolean keyed() {
        return access.keyed();
    }

    public boolean walks() {
        return mostPartitions > partitions;
    }

    /** Short, for a report column: "range messages", "point message_lookup > messages", "batch job: messages". */
    public String describe() {
        return switch (access) {
            case POINT, RANGE -> access + " " + String.join(" > ", tables) + (walks() ? ", walk <= " + mostPartitions : "");
            case BATCH_SCAN, SEARCH -> access + ": " + String.join(", ", tables);
        };
    }

    /** In words, for a report's explanation. */
    public String inWords() {
        return switch (access) {
            case POINT -> "a point read of " + partitionsInWords() + " of " + String.join(" then ", tables);
            case RANGE -> "a range read of " + partitionsInWords() + " of " + String.join(" then ", tables);
            case BATCH_SCAN -> "a batch job scanning " + String.join(", ", tables);
            case SEARCH -> "a search index fed from " + String.join(", ", tables);
        };
    }

    private String partitionsInWords() {
        return (partitions == 1 ? "1 partition" : partitions + " partitions") + (walks() ? " (walking to at most " + mostPartitions + ")" : "");
    }
}
