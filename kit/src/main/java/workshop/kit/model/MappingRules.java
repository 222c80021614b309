package workshop.kit.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import workshop.kit.catalogue.Mark;

/**
 * Chebotko's mapping rules ({@link Rule}) as code: from a conceptual model and an application
 * workflow, the logical model a query-first design starts from ({@link #derive}), and what a
 * designer's own logical model breaks, rule by rule ({@link #check}).
 *
 * <p>Where the rules leave a choice, {@link #derive} makes the one the published examples make:
 * the partition key is the key of the entity the query's first equality attribute belongs to
 * (every attribute of that key the query fixes), or that attribute alone when it is no key; the
 * other equality attributes lead the clustering columns. An attribute the answer shows from an
 * entity whose whole key is the partition key has one value per partition: a static column.
 */
public final class MappingRules {

    private MappingRules() {}

    /** One table per query (MR1 to MR5); queries whose tables would have the same key and name share one. */
    public static LogicalModel derive(ConceptualModel model, Workflow workflow) {
        List<LogicalTable> tables = new ArrayList<>();
        for (Query query : workflow.queries()) {
            LogicalTable derived = tableOf(model, query);
            Optional<LogicalTable> same = tables.stream().filter(t -> t.name().equals(derived.name())
                    || query.table().isEmpty() && t.sameKey(derived)).findFirst();
            if (same.isEmpty()) {
                tables.add(derived);
            } else if (!same.get().sameKey(derived)) {
                throw new IllegalArgumentException(String.format("%s and an earlier query name one table, %s, with different keys:"
                        + " %s against %s. Give %s a table of its own.", query.id(), derived.name(), derived.key(), same.get().key(),
                        query.id()));
            } else {
                LogicalTable merged = same.get().statics(derived.statics().toArray(String[]::new))
                        .columns(derived.columns().stream().filter(c -> !same.get().statics().contains(c)).toArray(String[]::new))
                        .serves(query.id());
                tables.set(tables.indexOf(same.get()), merged);
            }
        }
        return new LogicalModel(tables);
    }

    static LogicalTable tableOf(ConceptualModel model, Query query) {
        List<String> rowKey = model.keyOf(query.rows());
        searched(query).forEach(model::require);
        List<String> partitionKey = partitionKeyOf(model, query);
        Set<String> placed = new LinkedHashSet<>(partitionKey);
        LogicalTable table = LogicalTable.table(query.table().orElse(defaultName(query))).partitionKey(partitionKey.toArray(String[]::new));
        // MR2: the other equality attributes lead the clustering columns; MR3 the range; MR4 the order; MR5 the rows' key.
        List<String> clusteringOrder = new ArrayList<>(query.equality());
        query.range().ifPresent(clusteringOrder::add);
        query.order().forEach(o -> clusteringOrder.add(o.attribute()));
        clusteringOrder.addAll(rowKey);
        for (String column : clusteringOrder) {
            if (placed.add(column)) {
                table = table.clustering(column, query.directionOf(column).orElse(Mark.ASCENDING));
            }
        }
        List<String> statics = new ArrayList<>();
        if (!partitionKey.containsAll(rowKey)) {
            query.shown().stream().filter(s -> model.owner(s).flatMap(model::entity)
                    .map(owner -> partitionKey.containsAll(model.keyOf(owner.name()))).orElse(false)).forEach(statics::add);
        }
        List<String> columns = new ArrayList<>(model.attributesOf(query.rows()));
        columns.addAll(searched(query));
        columns.removeIf(c -> placed.contains(c) || statics.contains(c));
        return table.statics(statics.toArray(String[]::new)).columns(columns.toArray(String[]::new)).serves(query.id());
    }

    /** MR2: the key of the entity the first equality attribute belongs to, as far as the query fixes it. */
    private static List<String> partitionKeyOf(ConceptualModel model, Query query) {
        if (query.equality().isEmpty()) {
            throw new IllegalArgumentException(query.id() + " fixes no attribute by =: MR2 has nothing to make a partition key of,"
                    + " and a query that names no partition reads them all. Run it as a batch job, or say what it is given.");
        }
        String first = query.equality().get(0);
        List<String> ownerKey = model.owner(first).map(model::keyOf).orElse(List.of());
        return ownerKey.contains(first) ? query.equality().stream().filter(ownerKey::contains).toList() : List.of(first);
    }

    private static String defaultName(Query query) {
        return query.rows().toLowerCase(java.util.Locale.ROOT) + "s_by_" + String.join("_", query.equality());
    }

    /** Every attribute the query names: equality, range, order and shown. */
    private static List<String> searched(Query query) {
        Set<String> all = new LinkedHashSet<>(query.equality());
        query.range().ifPresent(all::add);
        query.order().forEach(o -> all.add(o.attribute()));
        all.addAll(query.shown());
        return List.copyOf(all);
    }

    /** What the logical model breaks, query by query and rule by rule; empty when it keeps every rule. */
    public static List<Violation> check(ConceptualModel model, Workflow workflow, LogicalModel logical) {
        List<Violation> found = new ArrayList<>();
        for (Query query : workflow.queries()) {
            Optional<LogicalTable> table = logical.tableFor(query.id());
            if (table.isEmpty()) {
                found.add(new Violation(Rule.MR1, query.id(), "-", "no table answers it: give it a table whose rows are "
                        + query.rows() + ", and say so with .serves(\"" + query.id() + "\")"));
            } else {
                found.addAll(new Checked(model, query, table.get()).violations());
            }
        }
        return found;
    }

    /** One query against the table that answers it. */
    private static final class Checked {

        private final ConceptualModel model;
        private final Query query;
        private final LogicalTable table;
        private final List<Violation> found = new ArrayList<>();
        /** How many clustering columns, from the first, the query fixes by =. */
        private final int fixed;

        Checked(ConceptualModel model, Query query, LogicalTable table) {
            this.model = model;
            this.query = query;
            this.table = table;
            int leading = 0;
            while (leading < table.clustering().size() && query.equality().contains(table.clusteringNames().get(leading))) {
                leading++;
            }
            this.fixed = leading;
        }

        List<Violation> violations() {
            entitiesAndRelationships();
            partitionKey();
            equality();
            range();
            order();
            key();
            return found;
        }

        private void add(Rule rule, String message, Object... args) {
            found.add(new Violation(rule, query.id(), table.name(), String.format(message, args)));
        }

        private void entitiesAndRelationships() {
            for (String column : table.allColumns()) {
                if (model.attribute(column).isEmpty()) {
                    add(Rule.MR1, "column %s is no attribute of the conceptual model: a column is an attribute of the rows, or of what"
                            + " they are found by", column);
                }
            }
            List<String> needed = new ArrayList<>(model.attributesOf(query.rows()));
            needed.addAll(query.shown());
            for (String attribute : needed) {
                if (!table.allColumns().contains(attribute)) {
                    add(Rule.MR1, "%s lists %s rows and shows %s, and %s has no column %s", query.id(), query.rows(), attribute,
                            table.name(), attribute);
                }
            }
            List<String> by = new ArrayList<>(query.equality());
            query.range().ifPresent(by::add);
            for (String attribute : by) {
                model.owner(attribute).filter(owner -> !model.reaches(owner, query.rows())).ifPresent(owner -> add(Rule.MR1,
                        "%s finds %s by %s of %s, and the conceptual model relates no %s to %s: add the relationship, or find"
                        + " them by something that is theirs", query.id(), query.rows(), attribute, owner, owner, query.rows()));
            }
        }

        private void partitionKey() {
            for (String column : table.partitionKey()) {
                if (query.equality().contains(column)) {
                    continue;
                }
                if (query.range().filter(column::equals).isPresent()) {
                    add(Rule.MR3, "%s searches %s by range, and %s has %s in its partition key: a partition key is matched"
                            + " whole, by =, so no range of it can be read; make %s a clustering column", query.id(), column,
                            table.name(), column, column);
                } else if (query.directionOf(column).isPresent()) {
                    add(Rule.MR4, "%s orders by %s, and %s has %s in its partition key: rows keep an order only inside a"
                            + " partition, by its clustering columns; make %s one", query.id(), column, table.name(), column, column);
                } else {
                    add(Rule.MR2, "%s has %s in its partition key, and %s gives no value for it: the query cannot name its"
                            + " partition. A partition key takes only attributes the query fixes by =", table.name(), column, query.id());
                }
            }
        }

        private void equality() {
            for (String attribute : query.equality()) {
                if (table.partitionKey().contains(attribute)) {
                    continue;
                }
                int at = table.clusteringNames().indexOf(attribute);
                if (at < 0) {
                    add(Rule.MR2, "%s fixes %s by =, and %s is not in %s's primary key: Cassandra finds rows by key columns,"
                            + " so put it in the partition key or first among the clustering columns", query.id(), attribute,
                            attribute, table.name());
                } else if (at >= fixed) {
                    add(Rule.MR2, "%s fixes %s by =, and in %s it comes after clustering column %s, which %s does not fix:"
                            + " a clustering column is restricted only when every one before it is; move %s up",
                            query.id(), attribute, table.name(), table.clusteringNames().get(fixed), query.id(), attribute);
                }
            }
        }

        private void range() {
            query.range().filter(r -> !table.partitionKey().contains(r)).ifPresent(attribute -> {
                int at = table.clusteringNames().indexOf(attribute);
                if (at < 0) {
                    add(Rule.MR3, "%s searches %s by range, and %s is no clustering column of %s: a range is read as one slice"
                            + " of a partition, by a clustering column", query.id(), attribute, attribute, table.name());
                } else if (at != fixed) {
                    add(Rule.MR3, "%s searches %s by range, and in %s the clustering column %s comes before it unfixed: the"
                            + " range column must follow the equality ones directly", query.id(), attribute, table.name(),
                            table.clusteringNames().get(fixed));
                }
            });
        }

        private void order() {
            List<Query.Order> wanted = query.order().stream().filter(o -> !table.partitionKey().contains(o.attribute())).toList();
            if (wanted.isEmpty() || wanted.size() != query.order().size()) {
                return;
            }
            List<LogicalTable.Clustering> kept = table.clustering().subList(Math.min(fixed, table.clustering().size()),
                    Math.min(fixed + wanted.size(), table.clustering().size()));
            boolean sameColumns = kept.size() == wanted.size();
            boolean same = sameColumns;
            boolean reversed = sameColumns;
            for (int i = 0; sameColumns && i < wanted.size(); i++) {
                sameColumns = kept.get(i).column().equals(wanted.get(i).attribute());
                same &= kept.get(i).order() == wanted.get(i).direction();
                reversed &= kept.get(i).order() != wanted.get(i).direction();
            }
            if (!sameColumns || !(same || reversed)) {
                add(Rule.MR4, "%s wants its rows by %s, and %s keeps them by %s after the columns it fixes: the order is the"
                        + " clustering columns right after the equality ones, in that order and direction", query.id(),
                        String.join(", ", wanted.stream().map(Query.Order::toString).toList()), table.name(),
                        kept.isEmpty() ? "nothing" : String.join(", ", kept.stream().map(LogicalTable.Clustering::toString).toList()));
            }
        }

        private void key() {
            List<String> missing = model.keyOf(query.rows()).stream().filter(k -> !table.primaryKey().contains(k)).toList();
            if (!missing.isEmpty()) {
                add(Rule.MR5, "two %s rows with the same %s overwrite each other in %s, and %s lists them all: add %s to its"
                        + " clustering columns, the key that tells one %s from another", query.rows(),
                        String.join(", ", table.primaryKey()), table.name(), query.id(), String.join(", ", missing), query.rows());
            }
        }
    }
}
