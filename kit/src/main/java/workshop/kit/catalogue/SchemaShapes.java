package workshop.kit.catalogue;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.IndexMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The tables of a keyspace as they were built, read from the driver's schema metadata. */
public final class SchemaShapes {

    private SchemaShapes() {}

    /** Every table of the session's keyspace; the schema is refreshed first, so tables just created are there. */
    public static List<TableShape> of(CqlSession session) {
        CqlIdentifier keyspace = session.getKeyspace()
                .orElseThrow(() -> new IllegalArgumentException("a session bound to a keyspace: its tables are drawn"));
        KeyspaceMetadata metadata = session.refreshSchema().getKeyspace(keyspace)
                .orElseThrow(() -> new IllegalStateException("keyspace " + keyspace.asInternal() + " is not in the schema"));
        return metadata.getTables().values().stream().sorted(Comparator.comparing(t -> t.getName().asInternal()))
                .map(SchemaShapes::shape).toList();
    }

    static TableShape shape(TableMetadata table) {
        Set<String> indexed = table.getIndexes().values().stream().map(IndexMetadata::getTarget)
                .map(SchemaShapes::indexedColumn).collect(Collectors.toSet());
        List<TableShape.Column> columns = new ArrayList<>();
        table.getPartitionKey().forEach(c -> columns.add(column(c, Mark.PARTITION_KEY)));
        for (Map.Entry<ColumnMetadata, ClusteringOrder> clustering : table.getClusteringColumns().entrySet()) {
            columns.add(column(clustering.getKey(), clustering.getValue() == ClusteringOrder.DESC ? Mark.DESCENDING : Mark.ASCENDING));
        }
        for (ColumnMetadata column : table.getColumns().values()) {
            String name = column.getName().asInternal();
            if (columns.stream().noneMatch(c -> c.name().equals(name))) {
                columns.add(column(column, column.isStatic() ? Mark.STATIC : indexed.contains(name) ? Mark.INDEXED : Mark.NONE));
            }
        }
        return new TableShape(table.getName().asInternal(), columns);
    }

    private static TableShape.Column column(ColumnMetadata column, Mark mark) {
        return new TableShape.Column(column.getName().asInternal(), column.getType().asCql(false, true), mark);
    }

    /** An index's target is the column's name, or a function of it for a collection: "values(tags)". */
    private static String indexedColumn(String target) {
        int open = target.indexOf('(');
        String name = open < 0 ? target : target.substring(open + 1, target.length() - 1);
        return name.replace("\"", "");
    }
}
