package workshop.kit.catalogue.dynamo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import workshop.kit.catalogue.Verdict;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.DynamoException;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;
import workshop.kit.dynamo.Target;

/**
 * Holds a DynamoDB catalogue to its word, as {@link workshop.kit.catalogue.CatalogueCheck} holds a
 * Cassandra one: the tables are created as planned and loaded, every pattern's code runs on a
 * metered client, and what each run cost (requests, pages, items read and returned, units by
 * AWS's formula) is set against its plan. A run fails when its plan fails the review, when it sends
 * more requests or other ones than planned, reads more items than planned or reads the table where
 * an index was planned (or the other way round), when a filter discards items the plan did not
 * mean to, or when a read the plan wants strongly consistent is eventually consistent.
 */
public final class DynamoCatalogueCheck implements AutoCloseable {

    private final Dynamo dynamo;
    private final RequestLog log = new RequestLog();
    private final MeteredClient client;

    private DynamoCatalogueCheck(Dynamo dynamo) {
        this.dynamo = dynamo;
        this.client = dynamo.meteredClient(log);
    }

    /** A checker on this DynamoDB (the emulator the kit starts, or what DYNAMODB_ENDPOINT names). */
    public static DynamoCatalogueCheck on(Dynamo dynamo) {
        return new DynamoCatalogueCheck(dynamo);
    }

    /** The client the checker meters, unmetered: to look at the tables as built. */
    public DynamoDbClient plain() {
        return client.plain();
    }

    /** Creates the planned tables afresh, loads their items, sets the catalogue up and checks every pattern. */
    public DynamoReport run(DynamoCatalogue catalogue) {
        for (CreateTableRequest table : catalogue.tables()) {
            if (dynamo.realAws() && !table.tableName().startsWith(dynamo.table(""))) {
                // The checker deletes and creates its tables: on AWS only ours, never a table of the account's.
                throw new DynamoException("The catalogue names the table " + table.tableName() + ", which the check would"
                        + " delete and create again in your AWS account, but it is not named with the workshop's prefix "
                        + dynamo.table("") + ".", "name the catalogue's tables " + dynamo.table("") + "..., or unset"
                        + " DYNAMODB_ENDPOINT to check it on the emulator");
            }
            Tables.recreate(dynamo, client.plain(), table);
            List<Map<String, AttributeValue>> items = catalogue.items(table.tableName());
            BatchLoader.put(client.plain(), table.tableName(), "items of " + table.tableName(), items.size(), i -> items.get((int) i));
        }
        catalogue.setUp(client.client());
        List<DynamoResult> results = new ArrayList<>();
        Set<String> gsis = catalogue.tables().stream().filter(CreateTableRequest::hasGlobalSecondaryIndexes)
                .flatMap(t -> t.globalSecondaryIndexes().stream()).map(GlobalSecondaryIndex::indexName).collect(Collectors.toSet());
        for (DynamoPattern pattern : catalogue.patterns()) {
            List<String> problems = new ArrayList<>(DynamoPlanReview.problems(pattern, catalogue.tables()));
            if (problems.isEmpty() && pattern.samples().isEmpty()) {
                problems.add("has a plan but no code that serves it: add .servedBy(\"a sample\", () -> ...) calling the"
                        + " client setUp was given, so the check can measure it.");
            }
            if (!problems.isEmpty()) {
                results.add(new DynamoResult(pattern, "-", Verdict.FAILED, problems, null, List.of()));
                continue;
            }
            for (DynamoPattern.Sample sample : pattern.samples()) {
                results.add(run(pattern, sample, gsis));
            }
        }
        return new DynamoReport(catalogue.name(), results, false);
    }

    private DynamoResult run(DynamoPattern pattern, DynamoPattern.Sample sample, Set<String> gsis) {
        int first = log.size();
        long started = System.nanoTime();
        String error = null;
        DynamoCost cost;
        try {
            Metered<?> metered = client.measure(sample.run());
            cost = metered.cost();
        } catch (RuntimeException e) {
            error = e.getClass().getSimpleName() + ": " + e.getMessage();
            cost = DynamoCost.NONE;
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        List<SdkRequest> sent = log.since(first);
        int pages = (int) sent.stream().filter(r -> r instanceof QueryRequest || r instanceof ScanRequest).count();
        DynamoResult.Run run = new DynamoResult.Run(cost, pages, took, error);
        List<String> reasons = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        DynamoPlan plan = pattern.plan();
        if (error != null) {
            reasons.add("threw " + error + ": the code that serves it must run on the data.");
        } else {
            reasons.addAll(againstPlan(plan, cost));
            filtered(plan, sent, cost).ifPresent(filter -> (plan.filters() ? notes : reasons).add(filter));
            reasons.addAll(consistency(plan, sent, gsis));
        }
        Verdict verdict = !reasons.isEmpty() ? Verdict.FAILED
                : DynamoPlanReview.explanation(pattern).isPresent() ? Verdict.EXPLAINED : Verdict.GREEN;
        List<String> explained = verdict == Verdict.EXPLAINED ? DynamoPlanReview.explanation(pattern).stream().toList() : reasons;
        return new DynamoResult(pattern, sample.label(), verdict, explained, run, notes);
    }

    /** "planned one Query, 20 items; measured 3 Query, 61 items", and why that fails. */
    public static List<String> againstPlan(DynamoPlan plan, DynamoCost cost) {
        List<String> reasons = new ArrayList<>();
        Map<String, Integer> allowed = plan.requestsAllowed();
        List<String> over = cost.requestsByOperation().entrySet().stream()
                .filter(e -> e.getValue() > allowed.getOrDefault(e.getKey(), 0))
                .map(e -> e.getValue() + " " + e.getKey()).toList();
        String planned = "planned " + String.join(", ", allowed.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList())
                + ", <= " + plan.items() + " item(s); measured " + cost.requestsText() + ", " + cost.itemsRead() + " item(s) read";
        if (cost.requests() == 0) {
            // Nothing measured is not a cost of zero: the code answered through another client.
            reasons.add(planned + ": it made no request through the client the check gave it, so nothing it did was"
                    + " measured. Serve the pattern with the client the catalogue is given, not one of your own.");
        } else if (!over.isEmpty()) {
            reasons.add(planned + ": " + String.join(", ", over) + " past the plan. Each request more is a round trip the"
                    + " plan did not count: a Limit too small for the answer pages it, a key that misses the"
                    + " collection sends the code looking elsewhere.");
        } else if (cost.itemsRead() > plan.items()) {
            reasons.add(planned + ": the store read " + (cost.itemsRead() - plan.items()) + " item(s) more than planned, and"
                    + " bills every one. Give the Query a Limit, or a key condition that stops where the answer does.");
        }
        List<String> plannedTargets = plan.targets();
        List<String> wrongTargets = cost.targets().stream().map(Target::toString).filter(t -> !plannedTargets.contains(t)).toList();
        if (!wrongTargets.isEmpty()) {
            reasons.add("planned to read " + String.join(", then ", plannedTargets) + " but its requests named "
                    + String.join(", ", wrongTargets) + ": the plan and the code disagree on which table or index answers.");
        }
        return reasons;
    }

    /** A Query or Scan whose filter read more items than it returned: the discarded ones are paid for. */
    static Optional<String> filtered(DynamoPlan plan, List<SdkRequest> sent, DynamoCost cost) {
        boolean filter = sent.stream().anyMatch(r -> r instanceof QueryRequest q && q.filterExpression() != null
                || r instanceof ScanRequest s && s.filterExpression() != null);
        if (!filter || cost.itemsRead() <= cost.itemsReturned()) {
            return Optional.empty();
        }
        return Optional.of(String.format("""
                its filter read %,d item(s) and returned %,d: the %,d it discarded were read and billed \
                all the same (a filter runs after the read). %s""", cost.itemsRead(), cost.itemsReturned(),
                cost.itemsRead() - cost.itemsReturned(), plan.filters() ? "The plan means it: " + plan.note() + "."
                        : "Put the condition in the sort key (begins_with, between) or in a sparse index's key."));
    }

    /** Reads of a plan that needs strong consistency, made eventually consistent: a GSI read always is. */
    static List<String> consistency(DynamoPlan plan, List<SdkRequest> sent, Set<String> gsis) {
        if (!plan.strong()) {
            return List.of();
        }
        List<String> reasons = new ArrayList<>();
        for (SdkRequest request : sent) {
            if (request instanceof QueryRequest q && q.indexName() != null && gsis.contains(q.indexName())) {
                reasons.add("plans a strongly consistent read but queried the global secondary index " + q.indexName()
                        + ", which is only ever eventually consistent: a write acknowledged a moment ago may be missing."
                        + " Read the table (or a local secondary index) with ConsistentRead=true.");
            } else if (eventual(request)) {
                reasons.add("plans a strongly consistent read but sent a " + request.getClass().getSimpleName()
                        .replace("Request", "") + " without ConsistentRead=true: it read eventually consistently, and may"
                        + " miss a write acknowledged a moment ago. Set consistentRead(true).");
            }
        }
        return reasons.stream().distinct().toList();
    }

    private static boolean eventual(SdkRequest request) {
        if (request instanceof GetItemRequest g) {
            return !Boolean.TRUE.equals(g.consistentRead());
        } else if (request instanceof QueryRequest q) {
            return !Boolean.TRUE.equals(q.consistentRead());
        } else if (request instanceof BatchGetItemRequest b) {
            return b.requestItems().values().stream().map(KeysAndAttributes::consistentRead).anyMatch(c -> !Boolean.TRUE.equals(c));
        }
        return false;
    }

    @Override
    public void close() {
        client.close();
    }
}
