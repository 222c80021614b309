package workshop.kit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.TableShape;
import workshop.kit.diagram.Diagram;

/**
 * The logical model: the tables, each with its key and the queries it answers. What the mapping
 * rules derive from a conceptual model and a workflow ({@link MappingRules#derive}), or what a
 * designer writes and the rules check ({@link MappingRules#check}). From it come the physical
 * tables ({@link LogicalTable#cql}), the catalogue's patterns and planned tables, and the diagram.
 */
public record LogicalModel(List<LogicalTable> tables) {

    public LogicalModel {
        tables = List.copyOf(tables);
    }

    public static LogicalModel of(LogicalTable... tables) {
        return new LogicalModel(List.of(tables));
    }

    public Optional<LogicalTable> table(String name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** The table that answers the query, if one says it does. */
    public Optional<LogicalTable> tableFor(String queryId) {
        return tables.stream().filter(t -> t.queries().contains(queryId)).findFirst();
    }

    LogicalTable requireTableFor(Query query) {
        return tableFor(query.id()).orElseThrow(() -> new IllegalArgumentException(
                "no table of the logical model answers " + query.id() + ": add .serves(\"" + query.id() + "\") to the table that does"));
    }

    /** The physical tables, typed from the conceptual model, as a catalogue declares its planned tables. */
    public List<TableShape> shapes(ConceptualModel model) {
        return tables.stream().map(t -> t.shape(model)).toList();
    }

    /**
     * The workflow's queries as the catalogue's access patterns, each planned on the table that
     * answers it: a point read when its values name a whole primary key, else a range read of one
     * partition. No serving code yet: {@code servedBy} adds it once the tables exist.
     */
    public List<AccessPattern> patterns(Workflow workflow) {
        List<AccessPattern> patterns = new ArrayList<>();
        for (Query query : workflow.queries()) {
            LogicalTable table = requireTableFor(query);
            boolean wholeKey = query.range().isEmpty() && query.equality().containsAll(table.primaryKey());
            patterns.add(AccessPattern.of(query.id(), query.question()).rate(query.rate()).p99(query.p99())
                    .plan(wholeKey ? Plan.point(table.name()) : Plan.range(table.name())));
        }
        return patterns;
    }

    /** The Chebotko diagram of the logical model with the workflow's queries as arrows, before any table exists. */
    public Diagram diagram(ConceptualModel model, Workflow workflow) {
        return Diagram.ofPlan(workflow.name(), patterns(workflow), shapes(model));
    }

    /**
     * The statement that answers the query from its table: its equality values first, in the
     * query's order, then the range's lower bound (inclusive) and upper bound (exclusive).
     */
    public String select(Query query) {
        LogicalTable table = requireTableFor(query);
        List<String> where = new ArrayList<>(query.equality().stream().map(a -> a + " = ?").toList());
        query.range().ifPresent(r -> {
            where.add(r + " >= ?");
            where.add(r + " < ?");
        });
        return "SELECT " + String.join(", ", table.allColumns()) + " FROM " + table.name() + " WHERE " + String.join(" AND ", where);
    }
}
