package workshop.kit.catalogue.dynamo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.Verdict;
import workshop.kit.dynamo.CapacityUnits;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.IndexWrites;
import workshop.kit.dynamo.ItemSize;

/**
 * A DynamoDB catalogue's plans judged before any table exists, as {@link workshop.kit.catalogue.PlanReview}
 * judges a Cassandra one's. What the brief's numbers already decide: a busy question planned as
 * reads of several item collections in a row; an item past 400 KB, or an item collection past
 * 10 GB where a local secondary index holds it; a key asked or written faster than one partition
 * serves; global secondary indexes whose projections at least double what copies of the keys
 * alone would cost on every write (the units of each index counted); a Scan asked more often than
 * a batch job runs.
 */
public final class DynamoPlanReview {

    /** From this rate on a pattern reads one item collection: the same threshold as Cassandra's. */
    public static final Rate BUSY = CatalogueCheck.BUSY;
    /** The most an item holds, by DynamoDB's limit. */
    public static final long ITEM_LIMIT = 400 * 1024;
    /** The most an item collection holds where a local secondary index holds it. */
    public static final long LSI_COLLECTION_LIMIT = 10L * 1024 * 1024 * 1024;
    /** What one partition serves a second. */
    public static final int PARTITION_WRITE_UNITS = 1_000;
    public static final int PARTITION_READ_UNITS = 3_000;
    /** The most often a Scan may run: it reads every item, so it is a batch job, hourly at most. */
    public static final Rate BATCH_JOB = Rate.perDay(24);

    private final List<CreateTableRequest> tables;

    private DynamoPlanReview(List<CreateTableRequest> tables) {
        this.tables = List.copyOf(tables);
    }

    public static DynamoReport of(DynamoCatalogue catalogue) {
        DynamoPlanReview review = new DynamoPlanReview(catalogue.tables());
        return new DynamoReport(catalogue.name(), catalogue.patterns().stream().map(review::review).toList(), true);
    }

    /** The reasons a plan fails, whichever run it would have. */
    static List<String> problems(DynamoPattern pattern, List<CreateTableRequest> tables) {
        return new DynamoPlanReview(tables).problemsOf(pattern);
    }

    DynamoResult review(DynamoPattern pattern) {
        List<String> problems = problemsOf(pattern);
        if (!problems.isEmpty()) {
            return new DynamoResult(pattern, "-", Verdict.FAILED, problems, null, List.of());
        }
        List<String> notes = indexWrites(pattern).map(IndexCount::counted).stream().toList();
        return explanation(pattern).map(why -> new DynamoResult(pattern, "-", Verdict.EXPLAINED, List.of(why), null, notes))
                .orElseGet(() -> new DynamoResult(pattern, "-", Verdict.PLANNED, List.of(), null, notes));
    }

    /** What makes a pattern acceptable though it breaks a rule of thumb: a batch job, a bounded walk, a batch of keys. */
    static Optional<String> explanation(DynamoPattern pattern) {
        DynamoPlan plan = pattern.plan();
        if (plan.scans()) {
            return Optional.of("a Scan reads every item of " + plan.table() + ", asked " + pattern.rate()
                    + ", no more than a batch job (" + BATCH_JOB + "): " + plan.note() + ".");
        }
        if (pattern.rate().atLeast(BUSY) && plan.walks()) {
            return Optional.of("walks at most " + plan.requests() + " item collections, asked " + pattern.rate() + ": "
                    + plan.note() + ". Its answer waits for all of them.");
        }
        if (pattern.rate().atLeast(BUSY) && plan.kind() == DynamoPlan.Kind.BATCH_GET) {
            return Optional.of("reads up to " + plan.items() + " keys in one BatchGetItem, asked " + pattern.rate()
                    + ": the answer waits for the slowest of them.");
        }
        return Optional.empty();
    }

    private List<String> problemsOf(DynamoPattern pattern) {
        List<String> problems = new ArrayList<>();
        DynamoPlan plan = pattern.plan();
        if (plan == null || pattern.rate() == null) {
            problems.add("has no " + (plan == null ? "plan" : "rate") + ": write the access pattern's rate and plan first"
                    + " (DynamoPlan.getItem, query, queryIndex, batchGet, transactWrite, scan...).");
            return problems;
        }
        if (plan.scans() && pattern.rate().timesPerSecond() > BATCH_JOB.timesPerSecond()) {
            problems.add(String.format("""
                    is asked %s and planned as a Scan of %s: a Scan reads every item, at most %,d here, and pays \
                    for them all. Only a batch job (%s at most) may scan; give the question a key: a Query of the \
                    table or of an index whose partition key is what the question names.""",
                    pattern.rate(), plan.table(), plan.items(), BATCH_JOB));
        }
        if (pattern.rate().atLeast(BUSY) && plan.collectionsInARow() > 1) {
            problems.add(String.format("""
                    is asked %s and plans %d requests in a row (%s): each waits for the last. From %s on, a \
                    pattern reads one item collection: put the items it needs under one partition key (the \
                    table's or an index's), so one Query returns them.""",
                    pattern.rate(), plan.collectionsInARow(), String.join(" then ", plan.targets()), BUSY));
        }
        sizeProblem(pattern).ifPresent(problems::add);
        hotKeyProblem(pattern).ifPresent(problems::add);
        indexWrites(pattern).filter(IndexCount::multiplies).map(IndexCount::problem).ifPresent(problems::add);
        return problems;
    }

    private Optional<String> sizeProblem(DynamoPattern pattern) {
        DynamoPattern.Sizes sizes = pattern.sizes();
        if (sizes == null) {
            return Optional.empty();
        }
        if (sizes.itemBytes() > ITEM_LIMIT) {
            return Optional.of(String.format("""
                    writes or reads items of up to %s by the brief's sizes, past DynamoDB's 400 KB an item: the \
                    write is refused. Split what grows into items of its own in the same item collection (one per \
                    entry, sorted by the sort key), or keep the large part in S3 and its key in the item.""",
                    bytes(sizes.itemBytes())));
        }
        Optional<CreateTableRequest> table = table(pattern.plan().table());
        if (table.isPresent() && table.get().hasLocalSecondaryIndexes() && !table.get().localSecondaryIndexes().isEmpty()
                && sizes.collectionBytes() > LSI_COLLECTION_LIMIT) {
            return Optional.of(String.format("""
                    reads an item collection of %s (%,d items of %s) by the brief's sizes, in %s, whose local \
                    secondary index %s caps an item collection at 10 GB: writes to it are then refused. Bucket \
                    the partition key (a month or a shard in it), or make the index a global one.""",
                    bytes(sizes.collectionBytes()), sizes.itemsInCollection(), bytes(sizes.itemBytes()),
                    pattern.plan().table(), table.get().localSecondaryIndexes().get(0).indexName()));
        }
        return Optional.empty();
    }

    private Optional<String> hotKeyProblem(DynamoPattern pattern) {
        if (pattern.busiestKey() == null) {
            return Optional.empty();
        }
        DynamoPlan plan = pattern.plan();
        long itemBytes = pattern.sizes() != null ? pattern.sizes().itemBytes()
                : pattern.written() != null ? ItemSize.of(pattern.written()) : CapacityUnits.WRITE_UNIT_BYTES;
        double perCall;
        int limit;
        if (plan.writes()) {
            perCall = plan.items() * CapacityUnits.write(itemBytes, plan.kind() == DynamoPlan.Kind.TRANSACT_WRITE);
            limit = PARTITION_WRITE_UNITS;
        } else {
            perCall = CapacityUnits.read(itemBytes * plan.items(), plan.strong() ? CapacityUnits.Read.STRONGLY_CONSISTENT
                    : CapacityUnits.Read.EVENTUALLY_CONSISTENT);
            limit = PARTITION_READ_UNITS;
        }
        double perSecond = perCall * pattern.busiestKey().timesPerSecond();
        if (perSecond <= limit) {
            return Optional.empty();
        }
        int shards = (int) Math.ceil(perSecond / limit) * 2; // headroom: a random suffix never spreads evenly
        String advice = plan.writes()
                ? String.format("Shard the key: add a suffix 0 to %d (random, or a hash of the item's id) so the writes spread"
                        + " over %d partitions, and read them back with a walk of %d Queries (DynamoPlan.walking).",
                        shards - 1, shards, shards)
                : String.format("Cache the answer (DAX, or the application's own), or copy the items under %d keys (a suffix"
                        + " 0 to %d) and read one of them at random.", shards, shards - 1);
        return Optional.of(String.format("""
                asks its busiest key %s, %s units a call: %s %s a second on one partition key, past the %,d a \
                partition serves. %s""", pattern.busiestKey(), DynamoCost.format(perCall), DynamoCost.format(perSecond),
                plan.writes() ? "write units" : "read units", limit, advice));
    }

    /** What a write pattern's item costs on each global secondary index of its table, and what a keys-only copy would. */
    private Optional<IndexCount> indexWrites(DynamoPattern pattern) {
        Map<String, AttributeValue> item = pattern.written();
        Optional<CreateTableRequest> table = pattern.plan() == null ? Optional.empty() : table(pattern.plan().table());
        if (item == null || table.isEmpty() || !table.get().hasGlobalSecondaryIndexes()) {
            return Optional.empty();
        }
        List<String> tableKeys = table.get().keySchema().stream().map(KeySchemaElement::attributeName).toList();
        List<String> counted = new ArrayList<>();
        double projected = 0;
        double keysOnly = 0;
        for (GlobalSecondaryIndex index : table.get().globalSecondaryIndexes()) {
            double units = new IndexWrites(index, tableKeys).units(item);
            if (units > 0) {
                projected += units;
                keysOnly += new IndexWrites(index.toBuilder().projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build(),
                        tableKeys).units(item);
                counted.add(index.indexName() + " " + DynamoCost.format(units) + " (projects "
                        + index.projection().projectionTypeAsString() + ")");
            }
        }
        return counted.isEmpty() ? Optional.empty() : Optional.of(new IndexCount(pattern.plan().table(),
                CapacityUnits.write(ItemSize.of(item), false), projected, keysOnly, counted));
    }

    /**
     * The write units of one item on its table and on the indexes that copy it, against what the
     * copies would cost holding the keys alone.
     */
    private record IndexCount(String table, double own, double onIndexes, double keysOnly, List<String> indexes) {

        /** The projections at least double what the index copies cost: every write of the item pays it. */
        boolean multiplies() {
            return onIndexes >= 2 * keysOnly;
        }

        String counted() {
            return String.format("each write costs %s write unit(s) on %s and %s on its indexes: %s.", DynamoCost.format(own), table,
                    DynamoCost.format(onIndexes), String.join(", ", indexes));
        }

        String problem() {
            return String.format("""
                    %s Copies of the keys alone would cost %s: the projections multiply the index writes %sx, \
                    on every write of the item. Project KEYS_ONLY, or INCLUDE only the attributes each index's \
                    Query returns, or keep the large attributes in an item of their own.""", counted(),
                    DynamoCost.format(keysOnly), DynamoCost.format(onIndexes / keysOnly));
        }
    }

    private Optional<CreateTableRequest> table(String name) {
        return tables.stream().filter(t -> t.tableName().equals(name)).findFirst();
    }

    static String bytes(long bytes) {
        if (bytes >= 1024L * 1024 * 1024) {
            return String.format("%,.1f GB", bytes / (1024.0 * 1024 * 1024));
        }
        return bytes >= 1024 * 1024 ? String.format("%,.1f MB", bytes / (1024.0 * 1024)) : String.format("%,d KB", bytes / 1024);
    }
}
