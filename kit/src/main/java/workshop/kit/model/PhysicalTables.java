package workshop.kit.model;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Keyspaces;

/**
 * The physical model on a cluster: the logical model's tables created with the conceptual model's
 * types, and data written to every table that holds it. A row is given once, as the attributes it
 * carries by name; each table whose columns it covers gets a copy, which is what a query-first
 * design's duplication is.
 */
public final class PhysicalTables {

    private PhysicalTables() {}

    /** Creates every table of the logical model in the session's keyspace and waits for the schema to agree. */
    public static void create(CqlSession session, ConceptualModel model, LogicalModel logical) {
        for (LogicalTable table : logical.tables()) {
            session.execute(Keyspaces.schema(table.cql(model)));
        }
        Keyspaces.awaitSchemaAgreement(session);
    }

    /**
     * Writes each row to every table whose columns it covers, and returns the rows written per
     * table. A row that no table takes whole is written nowhere: its attributes are named wrong.
     */
    public static Map<String, Long> load(CqlSession session, LogicalModel logical, String label, List<Map<String, Object>> rows) {
        List<PreparedStatement> inserts = logical.tables().stream().map(t -> session.prepare(t.insert())).toList();
        List<Statement<?>> writes = new ArrayList<>();
        Map<String, Long> written = new LinkedHashMap<>();
        logical.tables().forEach(t -> written.put(t.name(), 0L));
        for (Map<String, Object> row : rows) {
            for (int i = 0; i < inserts.size(); i++) {
                LogicalTable table = logical.tables().get(i);
                if (row.keySet().containsAll(table.allColumns())) {
                    writes.add(inserts.get(i).bind(table.allColumns().stream().map(row::get).toArray()));
                    written.merge(table.name(), 1L, Long::sum);
                }
            }
        }
        BulkWriter.write(session, label, writes.size(), i -> writes.get((int) i));
        return written;
    }
}
