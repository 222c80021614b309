package workshop.kit.catalogue.dynamo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a DynamoDB design says it serves an access pattern, the counterpart of the Cassandra
 * catalogue's {@link workshop.kit.catalogue.Plan}: which request, on the table or which index,
 * with what key condition, reading at most how many items. A bounded walk is one Query repeated on
 * neighbouring keys (the shards of a sharded key, the days of a bucketed one), at most so many
 * times; a chain ({@link #then}) is several requests one after the other. A Scan is a batch job's.
 *
 * @param kind         the request
 * @param table        the table it names
 * @param index        the index a Query or Scan names, or empty for the table itself
 * @param keyCondition a Query's key condition as the code writes it; empty for the others
 * @param requests     how many of this request, at most (a walk's most Queries; 1 otherwise)
 * @param items        the most items all of them read together
 * @param strong       whether the design needs a strongly consistent read
 * @param note         why: a walk's bound, a Scan's batch job, a filter that is meant to discard
 * @param filters      whether a filter is meant to read more items than it returns
 * @param steps        a chain's requests, each a plan of its own; empty for a plan of one request
 */
public record DynamoPlan(Kind kind, String table, String index, String keyCondition, int requests, int items, boolean strong,
                         String note, boolean filters, List<DynamoPlan> steps) {

    /** The requests a plan may name, by the operation name the metered client counts them under. */
    public enum Kind {
        GET_ITEM("GetItem"), QUERY("Query"), BATCH_GET("BatchGetItem"), TRANSACT_GET("TransactGetItems"), PUT("PutItem"),
        UPDATE("UpdateItem"), DELETE("DeleteItem"), TRANSACT_WRITE("TransactWriteItems"), SCAN("Scan");

        private final String operation;

        Kind(String operation) {
            this.operation = operation;
        }

        public String operation() {
            return operation;
        }

        public boolean writes() {
            return this == PUT || this == UPDATE || this == DELETE || this == TRANSACT_WRITE;
        }

        /** Query and Scan read in pages: several items each, maybe through a filter. */
        public boolean pages() {
            return this == QUERY || this == SCAN;
        }
    }

    public DynamoPlan {
        steps = List.copyOf(steps);
        if (items < 1 || requests < 1) {
            throw new IllegalArgumentException("a plan makes at least one request and reads or writes at least one item");
        }
    }

    private static DynamoPlan one(Kind kind, String table, String index, String keyCondition, int items) {
        return new DynamoPlan(kind, table, index, keyCondition, 1, items, false, "", false, List.of());
    }

    /** One item by its whole primary key. */
    public static DynamoPlan getItem(String table) {
        return one(Kind.GET_ITEM, table, "", "", 1);
    }

    /** One Query of one item collection of the table, at most {@code items} items (its Limit). */
    public static DynamoPlan query(String table, String keyCondition, int items) {
        return one(Kind.QUERY, table, "", keyCondition, items);
    }

    /** One Query of one item collection of an index. */
    public static DynamoPlan queryIndex(String table, String index, String keyCondition, int items) {
        return one(Kind.QUERY, table, index, keyCondition, items);
    }

    /** Several items by their whole keys in one BatchGetItem, at most {@code keys}. */
    public static DynamoPlan batchGet(String table, int keys) {
        return one(Kind.BATCH_GET, table, "", "", keys);
    }

    /** Several items read together, as of one moment, in one TransactGetItems. */
    public static DynamoPlan transactGet(String table, int items) {
        return one(Kind.TRANSACT_GET, table, "", "", items);
    }

    public static DynamoPlan put(String table) {
        return one(Kind.PUT, table, "", "", 1);
    }

    public static DynamoPlan update(String table) {
        return one(Kind.UPDATE, table, "", "", 1);
    }

    /** Several writes that all apply or none does, in one TransactWriteItems. */
    public static DynamoPlan transactWrite(String table, int items) {
        return one(Kind.TRANSACT_WRITE, table, "", "", items);
    }

    /** No key serves it: a batch job reads every item, at most {@code items} of them, off the request path. */
    public static DynamoPlan scan(String table, int items, String job) {
        return scanIndex(table, "", items, job);
    }

    /** A batch job's Scan of an index rather than the table: a sparse index holds only the items the job wants. */
    public static DynamoPlan scanIndex(String table, String index, int items, String job) {
        if (job.isBlank()) {
            throw new IllegalArgumentException("a Scan says which batch job runs it");
        }
        return new DynamoPlan(Kind.SCAN, table, index, "", 1, items, false, job, false, List.of());
    }

    /**
     * The same Query on at most {@code most} neighbouring keys, one after the other or side by side
     * (a sharded key's shards, a bucketed key's days), {@code items} in all, and why no more.
     */
    public DynamoPlan walking(int most, int allItems, String why) {
        if (kind != Kind.QUERY || most < 2 || why.isBlank() || !steps.isEmpty()) {
            throw new IllegalArgumentException("a walk is one Query on at least 2 keys, and says why no more");
        }
        return new DynamoPlan(kind, table, index, keyCondition, most, allItems, strong, why, filters, steps);
    }

    /** The read must see every write acknowledged before it: only the table or a local index can serve it. */
    public DynamoPlan stronglyConsistent() {
        return new DynamoPlan(kind, table, index, keyCondition, requests, items, true, note, filters, steps);
    }

    /** A filter is meant to discard items it read, and why that is fine (a small, bounded share). */
    public DynamoPlan filtering(String why) {
        return new DynamoPlan(kind, table, index, keyCondition, requests, items, strong, note.isBlank() ? why : note + "; " + why,
                true, steps);
    }

    /** Another request after this one, such as a Query of an index then a GetItem of what it found. */
    public DynamoPlan then(DynamoPlan next) {
        List<DynamoPlan> chain = new ArrayList<>(stepsOrSelf());
        chain.addAll(next.stepsOrSelf());
        return new DynamoPlan(chain.get(0).kind, chain.get(0).table, chain.get(0).index, chain.get(0).keyCondition,
                chain.stream().mapToInt(DynamoPlan::requests).sum(), chain.stream().mapToInt(DynamoPlan::items).sum(),
                chain.stream().anyMatch(DynamoPlan::strong), String.join("; ", chain.stream().map(DynamoPlan::note)
                        .filter(n -> !n.isBlank()).toList()), chain.stream().anyMatch(DynamoPlan::filters), chain);
    }

    public List<DynamoPlan> stepsOrSelf() {
        return steps.isEmpty() ? List.of(this) : steps;
    }

    /** How many requests of each operation the plan allows at most: {"Query": 4, "GetItem": 1}. */
    public Map<String, Integer> requestsAllowed() {
        Map<String, Integer> allowed = new TreeMap<>();
        stepsOrSelf().forEach(step -> allowed.merge(step.kind.operation(), step.requests, Integer::sum));
        return allowed;
    }

    public boolean writes() {
        return stepsOrSelf().stream().allMatch(step -> step.kind.writes());
    }

    public boolean scans() {
        return stepsOrSelf().stream().anyMatch(step -> step.kind == Kind.SCAN);
    }

    /** A walk of one Query on several keys. */
    public boolean walks() {
        return steps.isEmpty() && kind == Kind.QUERY && requests > 1;
    }

    /** Item collections it reads one after the other: the steps of a chain. */
    public int collectionsInARow() {
        return stepsOrSelf().size();
    }

    /** Where the requests go, in order: "hr", "hr index GSI1". */
    public List<String> targets() {
        return stepsOrSelf().stream().map(step -> step.index.isEmpty() ? step.table : step.table + " index " + step.index).toList();
    }

    /** Short, for a report line: "Query hr index GSI1 (GSI1PK = :w), <= 20 items". */
    public String describe() {
        if (!steps.isEmpty()) {
            return String.join(", then ", steps.stream().map(DynamoPlan::describe).toList());
        }
        String where = index.isEmpty() ? table : table + " index " + index;
        String condition = keyCondition.isEmpty() ? "" : " (" + keyCondition + ")";
        String how = switch (kind) {
            case QUERY -> (walks() ? "walk of <= " + requests + " Queries " : "Query ") + where + condition;
            case SCAN -> "Scan " + where + " (batch job: " + note + ")";
            default -> kind.operation() + " " + where;
        };
        return how + ", <= " + items + " item(s)" + (strong ? ", strongly consistent" : "");
    }
}
