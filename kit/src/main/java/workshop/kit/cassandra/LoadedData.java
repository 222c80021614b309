package workshop.kit.cassandra;

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import workshop.kit.terminal.Story;

/**
 * A keyspace a lesson loads once and reads on every run. After a load completes, a row in the
 * workshop_loads keyspace records its fingerprint (a hash of the tables' DDL and of every
 * parameter of the data's generator), each table's id and its row count. A rerun keeps the
 * keyspace only if all of them still match: no row (the load was interrupted), another
 * fingerprint (the DDL or the generator changed), another table id (the table was dropped and
 * created again) or another row count (rows were added or removed) and the keyspace is built and
 * loaded again. Only for data the lesson never changes after loading it: a lesson that writes
 * after its load would find the rows it wrote on the next run.
 */
public final class LoadedData {

    static final String MARKERS = "workshop_loads";
    /** Counting a large table is a full scan: more than a query's usual few seconds. */
    private static final Duration COUNT_TIMEOUT = Duration.ofSeconds(60);

    private final String keyspace;
    private final List<String> ddl;
    private final String fingerprint;

    private LoadedData(String keyspace, List<String> ddl, String fingerprint) {
        this.keyspace = keyspace;
        this.ddl = ddl;
        this.fingerprint = fingerprint;
    }

    /**
     * The keyspace's data: the CREATE statements of its tables, in order, and every parameter the
     * rows are generated from (sizes, seeds, the fixed clock), each with a name.
     */
    public static LoadedData of(String keyspace, List<String> ddl, Map<String, ?> generator) {
        return new LoadedData(keyspace, List.copyOf(ddl), fingerprint(ddl, generator));
    }

    /** The keyspace's name on the cluster (see {@link Keyspaces#name}). */
    public String name() {
        return Keyspaces.name(keyspace);
    }

    static String fingerprint(List<String> ddl, Map<String, ?> generator) {
        StringBuilder text = new StringBuilder();
        ddl.forEach(statement -> text.append(statement.strip()).append(";\n"));
        new TreeMap<>(generator).forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * Makes sure the keyspace holds this data, loading it only when it does not: when a completed
     * load's row still matches, says so in one line and leaves the keyspace as it is; otherwise
     * drops it, creates it and its tables, runs load, and records the load. Returns whether it loaded.
     */
    public boolean ensure(CqlSession session, Runnable load) {
        return ensure(session, load, false);
    }

    /** As {@link #ensure}, making the keyspace the session's before any load, so CQL can name its tables without it. */
    public boolean ensureAndUse(CqlSession session, Runnable load) {
        return ensure(session, load, true);
    }

    private boolean ensure(CqlSession session, Runnable load, boolean use) {
        String name = Keyspaces.name(keyspace);
        String markers = markerTable(session);
        Row marker = session.execute(SimpleStatement.newInstance(
                "SELECT fingerprint, table_ids, row_counts FROM " + markers + " WHERE keyspace_name = ?", name)).one();
        if (marker != null && fingerprint.equals(marker.getString("fingerprint"))) {
            Map<String, UUID> ids = marker.getMap("table_ids", String.class, UUID.class);
            Map<String, Long> counts = marker.getMap("row_counts", String.class, Long.class);
            if (ids.equals(tableIds(session, name)) && counts.equals(rowCounts(session, name, ids.keySet()))) {
                long rows = counts.values().stream().mapToLong(Long::longValue).sum();
                Story.say("Kept the %,d rows loaded before in %s (same DDL, generator, counts).", rows, name);
                if (use) {
                    session.execute("USE " + quoted(name));
                }
                return false;
            }
        }
        // Forgotten first: a load interrupted from here on leaves no row that could vouch for it.
        session.execute(SimpleStatement.newInstance("DELETE FROM " + markers + " WHERE keyspace_name = ?", name));
        Keyspaces.recreate(session, keyspace);
        for (String statement : ddl) {
            session.execute(schema(statement).setKeyspace(CqlIdentifier.fromInternal(name)));
        }
        Keyspaces.awaitSchemaAgreement(session);
        if (use) {
            session.execute("USE " + quoted(name));
        }
        load.run();
        Map<String, UUID> ids = tableIds(session, name);
        session.execute(SimpleStatement.newInstance("INSERT INTO " + markers
                + " (keyspace_name, fingerprint, table_ids, row_counts) VALUES (?, ?, ?, ?)",
                name, fingerprint, ids, rowCounts(session, name, ids.keySet())));
        return true;
    }

    /** The markers' table, created the first time any lesson loads. */
    private static String markerTable(CqlSession session) {
        String name = Keyspaces.name(MARKERS);
        String table = quoted(name) + ".loads";
        if (session.execute(SimpleStatement.newInstance("SELECT table_name FROM system_schema.tables"
                + " WHERE keyspace_name = ? AND table_name = 'loads'", name)).one() == null) {
            session.execute(schema("CREATE KEYSPACE IF NOT EXISTS " + quoted(name)
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
            session.execute(schema("CREATE TABLE IF NOT EXISTS " + table + " (keyspace_name text PRIMARY KEY,"
                    + " fingerprint text, table_ids map<text, uuid>, row_counts map<text, bigint>)"));
            Keyspaces.awaitSchemaAgreement(session);
        }
        return table;
    }

    private static Map<String, UUID> tableIds(CqlSession session, String keyspace) {
        return session.execute(SimpleStatement.newInstance(
                "SELECT table_name, id FROM system_schema.tables WHERE keyspace_name = ?", keyspace)).all().stream()
                .collect(Collectors.toMap(r -> r.getString("table_name"), r -> r.getUuid("id")));
    }

    private static Map<String, Long> rowCounts(CqlSession session, String keyspace, java.util.Set<String> tables) {
        return tables.stream().collect(Collectors.toMap(t -> t, t -> session.execute(SimpleStatement.newInstance(
                "SELECT COUNT(*) FROM " + quoted(keyspace) + "." + quoted(t)).setTimeout(COUNT_TIMEOUT)).one().getLong(0)));
    }

    private static String quoted(String name) {
        return CqlIdentifier.fromInternal(name).asCql(true);
    }
}
