package workshop.kit.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.TableShape;

/**
 * One table of the logical model: its partition key, its clustering columns with their order, its
 * static and other columns, and the queries it answers. Written by the mapping rules, or by hand to
 * be checked by them: {@code LogicalTable.table("episodes_by_show").partitionKey("show_id")
 * .clustering("published", Mark.DESCENDING).clustering("number", Mark.ASCENDING).columns("title").serves("Q2")}.
 * Its physical form, with the conceptual model's types, is {@link #shape} and {@link #cql}.
 */
public record LogicalTable(String name, List<String> partitionKey, List<Clustering> clustering, List<String> statics,
                           List<String> columns, List<String> queries) {

    /** A clustering column and the order rows keep by it inside a partition. */
    public record Clustering(String column, Mark order) {

        public Clustering {
            if (!order.clustering()) {
                throw new IllegalArgumentException("a clustering column keeps rows ASCENDING or DESCENDING, not " + order);
            }
        }

        @Override
        public String toString() {
            return column + (order == Mark.DESCENDING ? " desc" : " asc");
        }
    }

    public LogicalTable {
        partitionKey = List.copyOf(partitionKey);
        clustering = List.copyOf(clustering);
        statics = List.copyOf(statics);
        columns = List.copyOf(columns);
        queries = List.copyOf(queries);
    }

    public static LogicalTable table(String name) {
        return new LogicalTable(name, List.of(), List.of(), List.of(), List.of(), List.of());
    }

    public LogicalTable partitionKey(String... names) {
        return new LogicalTable(name, plus(partitionKey, names), clustering, statics, columns, queries);
    }

    public LogicalTable clustering(String column, Mark order) {
        List<Clustering> more = new ArrayList<>(clustering);
        more.add(new Clustering(column, order));
        return new LogicalTable(name, partitionKey, more, statics, columns, queries);
    }

    public LogicalTable statics(String... names) {
        return new LogicalTable(name, partitionKey, clustering, plus(statics, names), columns, queries);
    }

    public LogicalTable columns(String... names) {
        return new LogicalTable(name, partitionKey, clustering, statics, plus(columns, names), queries);
    }

    /** The queries this table answers, by id. */
    public LogicalTable serves(String... ids) {
        return new LogicalTable(name, partitionKey, clustering, statics, columns, plus(queries, ids));
    }

    private static List<String> plus(List<String> list, String... more) {
        Set<String> all = new LinkedHashSet<>(list);
        all.addAll(List.of(more));
        return List.copyOf(all);
    }

    public List<String> clusteringNames() {
        return clustering.stream().map(Clustering::column).toList();
    }

    /** The partition key's columns, then the clustering columns: what tells one row from another. */
    public List<String> primaryKey() {
        List<String> key = new ArrayList<>(partitionKey);
        key.addAll(clusteringNames());
        return key;
    }

    /** Every column: the key's, the static ones, the rest. */
    public List<String> allColumns() {
        Set<String> all = new LinkedHashSet<>(primaryKey());
        all.addAll(statics);
        all.addAll(columns);
        return List.copyOf(all);
    }

    /** Same partition key and clustering, column by column and order by order. */
    boolean sameKey(LogicalTable other) {
        return partitionKey.equals(other.partitionKey) && clustering.equals(other.clustering);
    }

    /** "((show_id), published desc, number asc)": the key as a Chebotko diagram reads it. */
    public String key() {
        String clusteringText = String.join(", ", clustering.stream().map(Clustering::toString).toList());
        return "((" + String.join(", ", partitionKey) + ")" + (clustering.isEmpty() ? "" : ", " + clusteringText) + ")";
    }

    /** The table as a diagram draws it, each column with its type from the conceptual model. */
    public TableShape shape(ConceptualModel model) {
        TableShape shape = TableShape.table(name).partitionKey(typed(model, partitionKey));
        for (Clustering column : clustering) {
            shape = shape.clustering(typed(model, column.column()), column.order());
        }
        return shape.staticColumns(typed(model, statics)).columns(typed(model, columns));
    }

    /** The physical table: CREATE TABLE with the conceptual model's types, the key, and the clustering order. */
    public String cql(ConceptualModel model) {
        List<String> lines = new ArrayList<>();
        for (String column : allColumns()) {
            lines.add("  " + typed(model, column) + (statics.contains(column) ? " STATIC" : "") + ",");
        }
        String clusteringNames = clusteringNames().isEmpty() ? "" : ", " + String.join(", ", clusteringNames());
        lines.add("  PRIMARY KEY ((" + String.join(", ", partitionKey) + ")" + clusteringNames + ")");
        String order = clustering.isEmpty() ? ""
                : "\nWITH CLUSTERING ORDER BY (" + String.join(", ", clustering.stream().map(c -> c.column() + " "
                        + (c.order() == Mark.DESCENDING ? "DESC" : "ASC")).toList()) + ")";
        return "CREATE TABLE IF NOT EXISTS " + name + " (\n" + String.join("\n", lines) + ")" + order;
    }

    /** The INSERT of one row, its values bound in the order of {@link #allColumns()}. */
    public String insert() {
        return "INSERT INTO " + name + " (" + String.join(", ", allColumns()) + ") VALUES ("
                + String.join(", ", allColumns().stream().map(c -> "?").toList()) + ")";
    }

    private static String typed(ConceptualModel model, String column) {
        return column + " " + model.require(column).type();
    }

    private static String[] typed(ConceptualModel model, List<String> names) {
        return names.stream().map(n -> typed(model, n)).toArray(String[]::new);
    }
}
