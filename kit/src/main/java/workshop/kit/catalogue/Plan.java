package workshop.kit.catalogue;

import java.util.ArrayList;
import java.util.List;
import workshop.kit.terminal.Words;

/**
 * How a design says it serves an access pattern, written next to the pattern so the checker can
 * hold it to it. A key read names its tables, whether it fetches one row (point), a slice of a
 * partition in clustering order (range) or several rows by their whole keys side by side
 * (multi-get), and how many partitions it touches. A write names what it writes: one partition,
 * a logged batch, a conditional write (lightweight transaction) or a counter. A pattern no key
 * serves says where it goes instead: a batch job that scans the table, or a search index.
 *
 * @param store          where the answer comes from
 * @param tables         the tables read or written, in the order they are read (the table feeding a search index)
 * @param access         what kind of read or write
 * @param partitions     partitions a key read or a write touches
 * @param mostPartitions the most a walking read or a multi-get may touch (equal to partitions otherwise)
 * @param note           why: for a walk, a batch job or a search index, the reason a person would give
 * @param steps          the reads of a chain ({@link #then}), each a plan of its own; empty for a plan of one step
 */
public record Plan(Store store, List<String> tables, Access access, int partitions, int mostPartitions, String note,
                   List<Plan> steps) {

    public enum Store { CASSANDRA, SEARCH_INDEX }

    public enum Access {
        POINT("point"), RANGE("range"), MULTI_GET("multi-get"), MERGE("merge"), WRITE("write"), LOGGED_BATCH("logged batch"),
        CONDITIONAL("conditional write"), COUNTER("counter update"), BATCH_SCAN("batch job"), SEARCH("search index");

        private final String label;

        Access(String label) {
            this.label = label;
        }

        /** True for reads and writes that go straight to partitions by their key. */
        public boolean keyed() {
            return this != BATCH_SCAN && this != SEARCH;
        }

        /** True for the plans of a write. */
        public boolean writes() {
            return this == WRITE || this == LOGGED_BATCH || this == CONDITIONAL || this == COUNTER;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public Plan {
        tables = List.copyOf(tables);
        steps = List.copyOf(steps);
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

    /** A plan of one step. */
    public Plan(Store store, List<String> tables, Access access, int partitions, int mostPartitions, String note) {
        this(store, tables, access, partitions, mostPartitions, note, List.of());
    }

    /** One row by its whole primary key, in one partition. */
    public static Plan point(String table) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.POINT, 1, 1, "");
    }

    /** A slice of one partition, in the order its clustering columns keep, stopped at a limit. */
    public static Plan range(String table) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.RANGE, 1, 1, "");
    }

    /**
     * Several rows, each by its whole primary key, read side by side (executeAsync, then wait for
     * all), never more than {@code most}: the profiles of a page's authors, the counts of its previews.
     */
    public static Plan multiGet(String table, int most) {
        if (most < 2) {
            throw new IllegalArgumentException("a multi-get reads at least 2 keys side by side; one key is Plan.point");
        }
        return new Plan(Store.CASSANDRA, List.of(table), Access.MULTI_GET, 1, most, "");
    }

    /**
     * Slices of several partitions, of one table or more, read side by side (executeAsync, then wait
     * for all), each in the order the answer asks for and stopped at its limit, then merged by the
     * code: never more than {@code most} partitions, and why no more than that.
     */
    public static Plan merge(int most, String why, String... tables) {
        if (most < 2 || why.isBlank()) {
            throw new IllegalArgumentException("a merge reads at least 2 partitions side by side, and says why no more");
        }
        return new Plan(Store.CASSANDRA, List.of(tables), Access.MERGE, 1, most, why);
    }

    /** An INSERT, UPDATE or DELETE of one partition. */
    public static Plan write(String table) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.WRITE, 1, 1, "");
    }

    /** One logged batch: all its writes apply or none do, here to this many partitions of these tables. */
    public static Plan loggedBatch(int partitions, String... tables) {
        return new Plan(Store.CASSANDRA, List.of(tables), Access.LOGGED_BATCH, partitions, partitions, "");
    }

    /** A write of one partition with an IF condition: a lightweight transaction, which runs Paxos first. */
    public static Plan conditional(String table) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.CONDITIONAL, 1, 1, "");
    }

    /** An increment of a counter column in one partition. */
    public static Plan counter(String table) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.COUNTER, 1, 1, "");
    }

    /** No key serves it: a job scans the table off the request path. */
    public static Plan batchJob(String table, String how) {
        return new Plan(Store.CASSANDRA, List.of(table), Access.BATCH_SCAN, 0, 0, how);
    }

    /** No key serves it: a search index, fed from the table, answers it. */
    public static Plan searchIndex(String fedFrom, String how) {
        return new Plan(Store.SEARCH_INDEX, List.of(fedFrom), Access.SEARCH, 0, 0, how);
    }

    /**
     * A second key read after this one, such as a lookup table first and the row it points to next.
     * Each step keeps its own kind and its own walk: {@code Plan.point("head").then(Plan.range("messages").walking(2, why))}.
     */
    public Plan then(Plan next) {
        if (!reads() || !(next.reads() || next.access == Access.MERGE)) {
            throw new IllegalArgumentException("only key reads follow one another");
        }
        List<Plan> chain = new ArrayList<>(stepsOrSelf());
        chain.addAll(next.stepsOrSelf());
        return chain(chain);
    }

    /** The steps joined: their tables in order, their partitions added up; a point read only when every step is one. */
    private Plan chain(List<Plan> chain) {
        List<String> names = chain.stream().flatMap(step -> step.tables.stream()).toList();
        Access combined = chain.stream().allMatch(step -> step.access == Access.POINT) ? Access.POINT
                : chain.stream().anyMatch(step -> step.access == Access.MERGE) ? Access.MERGE : Access.RANGE;
        return new Plan(store, names, combined, chain.stream().mapToInt(Plan::partitions).sum(),
                chain.stream().mapToInt(Plan::mostPartitions).sum(),
                String.join("; ", chain.stream().map(Plan::note).filter(n -> !n.isBlank()).toList()), chain);
    }

    private List<Plan> stepsOrSelf() {
        return steps.isEmpty() ? List.of(this) : steps;
    }

    /**
     * Reads one partition, and the neighbouring ones one at a time when it holds fewer rows than
     * asked for (the time buckets of a growing partition), at most {@code most} partitions in all.
     * On a chain it is the walk of its one range read, which reads at most {@code most} partitions
     * of its own table; where no step or more than one could walk, the chain is refused.
     */
    public Plan walking(int most, String why) {
        if (!steps.isEmpty()) {
            List<Plan> ranges = steps.stream().filter(step -> step.access == Access.RANGE).toList();
            if (ranges.size() != 1 || steps.stream().anyMatch(Plan::walks)) {
                throw new IllegalArgumentException(String.format("""
                        walking(%d) on "%s" does not say which read walks: call it on the step that \
                        does, as in Plan.point(a).then(Plan.range(b).walking(%d, why)).""", most, describe(), most));
            }
            return chain(steps.stream().map(step -> step == ranges.get(0) ? step.walking(most, why) : step).toList());
        }
        if (!reads() || most <= partitions || why.isBlank()) {
            throw new IllegalArgumentException("a walk is a key read that may touch more partitions than it starts with, and says why");
        }
        return new Plan(store, tables, access, partitions, most, why);
    }

    public boolean keyed() {
        return access.keyed();
    }

    /** A point or range read, which may follow another or walk. */
    private boolean reads() {
        return access == Access.POINT || access == Access.RANGE;
    }

    public boolean walks() {
        return reads() && mostPartitions > partitions;
    }

    /** What kind of read or write, step by step: "range", "point, then range". */
    public String kinds() {
        return String.join(", then ", stepsOrSelf().stream().map(step -> step.access.toString()).toList());
    }

    /** Short, for a report column: "range messages", "point message_lookup, then point messages", "batch job: messages". */
    public String describe() {
        if (!steps.isEmpty()) {
            return String.join(", then ", steps.stream().map(Plan::describe).toList());
        }
        return switch (access) {
            case POINT, RANGE -> access + " " + tables.get(0) + (walks() ? ", walk <= " + mostPartitions : "");
            case MULTI_GET -> "multi-get " + tables.get(0) + ", <= " + mostPartitions + " in parallel";
            case MERGE -> "merge " + String.join(", ", tables) + ", <= " + mostPartitions + " in parallel";
            case WRITE, CONDITIONAL, COUNTER -> access + " " + tables.get(0);
            case LOGGED_BATCH -> "logged batch: " + Words.count(partitions, "partition") + " of " + String.join(", ", tables);
            case BATCH_SCAN, SEARCH -> access + ": " + String.join(", ", tables);
        };
    }

    /** In words, for a report's explanation. */
    public String inWords() {
        if (!steps.isEmpty()) {
            return String.join(", then ", steps.stream().map(Plan::inWords).toList());
        }
        return switch (access) {
            case POINT -> "a point read of " + partitionsInWords() + " of " + String.join(" then ", tables);
            case RANGE -> "a range read of " + partitionsInWords() + " of " + String.join(" then ", tables);
            case MULTI_GET -> "a multi-get of at most " + mostPartitions + " rows of " + tables.get(0) + " by their whole keys, in parallel";
            case MERGE -> "a merge of slices of at most " + mostPartitions + " partitions of " + String.join(", ", tables)
                    + ", read in parallel";
            case WRITE -> "a write of 1 partition of " + tables.get(0);
            case LOGGED_BATCH -> "a logged batch of " + Words.count(partitions, "partition") + " of " + String.join(", ", tables);
            case CONDITIONAL -> "a conditional write (lightweight transaction) of 1 partition of " + tables.get(0);
            case COUNTER -> "a counter update of 1 partition of " + tables.get(0);
            case BATCH_SCAN -> "a batch job scanning " + String.join(", ", tables);
            case SEARCH -> "a search index fed from " + String.join(", ", tables);
        };
    }

    private String partitionsInWords() {
        return Words.count(partitions, "partition") + (walks() ? " (walking to at most " + mostPartitions + ")" : "");
    }
}
