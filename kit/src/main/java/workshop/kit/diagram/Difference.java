package workshop.kit.diagram;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.TableShape;

/**
 * Where the built schema differs from the tables the design planned.
 *
 * @param table  the table
 * @param column the column, or empty for the table as a whole
 * @param what   the difference in words
 */
public record Difference(String table, Optional<String> column, String what) {

    /** Nothing to compare when the design planned no tables. */
    public static List<Difference> between(List<TableShape> planned, List<TableShape> built) {
        List<Difference> found = new ArrayList<>();
        if (planned.isEmpty()) {
            return found;
        }
        for (TableShape plan : planned) {
            Optional<TableShape> table = built.stream().filter(t -> t.name().equals(plan.name())).findFirst();
            if (table.isEmpty()) {
                found.add(new Difference(plan.name(), Optional.empty(), "is in the plan but was not built"));
            } else {
                found.addAll(keys(plan, table.get()));
            }
        }
        built.stream().filter(t -> planned.stream().noneMatch(p -> p.name().equals(t.name())))
                .forEach(t -> found.add(new Difference(t.name(), Optional.empty(), "was built but the plan never names it")));
        return found;
    }

    private static List<Difference> keys(TableShape plan, TableShape built) {
        List<Difference> found = new ArrayList<>();
        if (!plan.partitionKeyNames().equals(built.partitionKeyNames())) {
            found.add(new Difference(plan.name(), Optional.empty(), "partition key (" + String.join(", ", plan.partitionKeyNames())
                    + ") in the plan, (" + String.join(", ", built.partitionKeyNames()) + ") as built"));
        }
        for (TableShape.Column planned : plan.clusteringColumns()) {
            Optional<TableShape.Column> column = built.column(planned.name());
            if (column.isEmpty() || !column.get().mark().clustering()) {
                found.add(new Difference(plan.name(), Optional.of(planned.name()), "a clustering column in the plan, "
                        + (column.isEmpty() ? "missing as built" : "not one as built")));
            } else if (column.get().mark() != planned.mark()) {
                found.add(new Difference(plan.name(), Optional.of(planned.name()), order(planned.mark()) + " in the plan, "
                        + order(column.get().mark()) + " as built"));
            }
        }
        List<String> plannedOrder = plan.clusteringColumns().stream().map(TableShape.Column::name).toList();
        List<String> builtOrder = built.clusteringColumns().stream().map(TableShape.Column::name).toList();
        if (builtOrder.containsAll(plannedOrder) && !builtOrder.equals(plannedOrder)) {
            found.add(new Difference(plan.name(), Optional.empty(), "clustering (" + String.join(", ", plannedOrder) + ") in the plan, ("
                    + String.join(", ", builtOrder) + ") as built"));
        }
        return found;
    }

    private static String order(Mark mark) {
        return mark == Mark.DESCENDING ? "clustered descending (C desc)" : "clustered ascending (C asc)";
    }

    /** "chat_lists.last_message_at: clustered descending (C desc) in the plan, ...". */
    @Override
    public String toString() {
        return table + column.map(c -> "." + c).orElse("") + " " + what;
    }
}
