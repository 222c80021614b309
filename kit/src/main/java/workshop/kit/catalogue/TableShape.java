package workshop.kit.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One table as a diagram draws it: its name and its columns, each with its {@link Mark}. Built
 * from a design before the table exists ({@code TableShape.table("readings").partitionKey("sensor_id text",
 * "day date").clustering("taken_at timestamp", Mark.DESCENDING).columns("value double")}), or read
 * from the keyspace's schema by {@link SchemaShapes}. A column is written "name"
 * or "name type". Here, not in the diagram package, because a {@link Catalogue} declares its planned
 * tables with it, and the diagram package draws catalogues.
 */
public record TableShape(String name, List<Column> columns) {

    public record Column(String name, String type, Mark mark) {

        static Column parse(String declaration, Mark mark) {
            String[] parts = declaration.trim().split("\\s+", 2);
            return new Column(parts[0], parts.length > 1 ? parts[1] : "", mark);
        }
    }

    public TableShape {
        columns = List.copyOf(columns);
    }

    public static TableShape table(String name) {
        return new TableShape(name, List.of());
    }

    /** The partition key's columns, in order (a composite key names several). */
    public TableShape partitionKey(String... declarations) {
        return with(Mark.PARTITION_KEY, declarations);
    }

    /** The next clustering column and the order rows keep by it inside a partition. */
    public TableShape clustering(String declaration, Mark order) {
        if (!order.clustering()) {
            throw new IllegalArgumentException("a clustering column keeps rows ASCENDING or DESCENDING, not " + order);
        }
        return with(order, declaration);
    }

    public TableShape staticColumns(String... declarations) {
        return with(Mark.STATIC, declarations);
    }

    /** Columns a secondary index covers. */
    public TableShape indexed(String... declarations) {
        return with(Mark.INDEXED, declarations);
    }

    /** Columns that are neither key, static nor indexed. */
    public TableShape columns(String... declarations) {
        return with(Mark.NONE, declarations);
    }

    private TableShape with(Mark mark, String... declarations) {
        List<Column> more = new ArrayList<>(columns);
        for (String declaration : declarations) {
            more.add(Column.parse(declaration, mark));
        }
        return new TableShape(name, more);
    }

    public Optional<Column> column(String columnName) {
        return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
    }

    public List<String> partitionKeyNames() {
        return columns.stream().filter(c -> c.mark() == Mark.PARTITION_KEY).map(Column::name).toList();
    }

    public List<Column> clusteringColumns() {
        return columns.stream().filter(c -> c.mark().clustering()).toList();
    }
}
