package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AgreeingSessionTest {

    @Test
    void schemaChangesAreWaitedFor() {
        for (String cql : List.of("CREATE TABLE chats (id text PRIMARY KEY)", "  create keyspace k WITH replication = {}",
                "DROP KEYSPACE IF EXISTS k", "ALTER TABLE k.t ADD v int", "CREATE CUSTOM INDEX ON t (v) USING 'StorageAttachedIndex'",
                "CREATE MATERIALIZED VIEW v AS SELECT * FROM t", "DROP TYPE address", "CREATE INDEX i ON t (v)")) {
            assertTrue(AgreeingSession.isSchemaChange(cql), cql);
        }
    }

    @Test
    void everythingElseGoesStraightThrough() {
        for (String cql : List.of("INSERT INTO tables (id) VALUES ('CREATE TABLE')", "SELECT * FROM t", "TRUNCATE t",
                "CREATE ROLE learner WITH LOGIN = true", "UPDATE t SET v = 1 WHERE id = 'DROP TABLE x'", "USE k")) {
            assertFalse(AgreeingSession.isSchemaChange(cql), cql);
        }
    }
}
