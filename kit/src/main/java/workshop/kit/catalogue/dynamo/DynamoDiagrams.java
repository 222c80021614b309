package workshop.kit.catalogue.dynamo;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import workshop.kit.diagram.Arrow;
import workshop.kit.diagram.ItemCollections;
import workshop.kit.dynamo.DynamoCost;

/**
 * A DynamoDB catalogue's item collections drawn (see {@link ItemCollections}), one drawing per
 * table: as planned, from the tables it declares and the items it will load, with an arrow per
 * pattern into what its plan names; or as built, from the store, with an arrow into what each
 * pattern's requests named when it ran.
 */
public final class DynamoDiagrams {

    /** Items read from a built table for its drawing at most. */
    private static final int SAMPLE = 1_000;

    private DynamoDiagrams() {}

    public static List<ItemCollections> planned(DynamoCatalogue catalogue) {
        List<DynamoPattern> patterns = catalogue.patterns();
        return catalogue.tables().stream().map(table -> ItemCollections.planned(title(catalogue, table), table,
                catalogue.items(table.tableName())).withArrows(patterns.stream()
                .filter(p -> p.plan() != null && p.plan().table().equals(table.tableName())).map(DynamoDiagrams::planArrow).toList()))
                .toList();
    }

    public static List<ItemCollections> built(DynamoCatalogue catalogue, DynamoReport report, DynamoDbClient plain) {
        return catalogue.tables().stream().map(table -> ItemCollections.read(plain, table.tableName(), title(catalogue, table),
                table.tableName(), SAMPLE).withArrows(report.results().stream().map(DynamoResult::pattern).distinct()
                .filter(p -> p.plan() != null && p.plan().table().equals(table.tableName()))
                .map(p -> measuredArrow(p, report)).toList())).toList();
    }

    private static String title(DynamoCatalogue catalogue, CreateTableRequest table) {
        return catalogue.tables().size() == 1 ? catalogue.name() : catalogue.name() + ", " + table.tableName();
    }

    private static Arrow planArrow(DynamoPattern pattern) {
        DynamoPlan plan = pattern.plan();
        Set<String> views = new LinkedHashSet<>();
        plan.stepsOrSelf().forEach(step -> views.add(step.index().isEmpty() ? step.table() : step.index()));
        String how = String.join(", then ", plan.stepsOrSelf().stream().map(step -> step.kind().operation()).toList());
        return new Arrow(pattern.id(), pattern.question(), String.valueOf(pattern.rate()), List.copyOf(views), how,
                !plan.scans(), plan.walks() ? "walks <= " + plan.requests() + " keys" : "");
    }

    /** The first run's requests, into what they named; a pattern that did not run keeps its plan's arrow, unmeasured. */
    private static Arrow measuredArrow(DynamoPattern pattern, DynamoReport report) {
        Optional<DynamoCost> first = report.resultsOf(pattern.id()).stream().map(DynamoResult::run).filter(Objects::nonNull)
                .filter(run -> run.error() == null).map(DynamoResult.Run::cost).findFirst();
        if (first.isEmpty()) {
            return new Arrow(pattern.id(), pattern.question(), String.valueOf(pattern.rate()), List.of(), "not measured", false, "");
        }
        DynamoCost cost = first.get();
        List<String> views = cost.targets().stream().map(t -> t.isIndex() ? t.index() : t.table()).distinct().toList();
        String how = cost.requestsText() + " per call" + (cost.scans() > 0 ? ", a Scan reads every item" : "");
        return new Arrow(pattern.id(), pattern.question(), String.valueOf(pattern.rate()), views, how, cost.scans() == 0, "");
    }
}
