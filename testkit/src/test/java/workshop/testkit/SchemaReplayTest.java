package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.cassandra.Keyspaces;

/**
 * Two checks in a row on one keyspace, as a learner runs them: the second, whose code no longer
 * creates a table the first made, must see its own rows and only its own tables.
 */
@ExtendWith(CassandraExtension.class)
class SchemaReplayTest {

    private static final String WORKSHOP_NAME = "t_schemareplaytest_second_check";
    /** Named in full, since the replay runs on the admin session, which has no keyspace of its own. */
    private static final String KEYSPACE = Keyspaces.name(WORKSHOP_NAME);
    private static final String READINGS = "CREATE TABLE IF NOT EXISTS " + KEYSPACE + ".readings (id int PRIMARY KEY, value int)";
    private static final String VIEWS = "CREATE TABLE IF NOT EXISTS " + KEYSPACE + ".views (id int PRIMARY KEY, n counter)";

    @TempDir
    Path records;

    @Test
    @DisplayName("a check that sets its store up twice, a table fewer than the last check, keeps the rows of the first set-up")
    void rowsWrittenBeforeTheSchemaDiffersStay() {
        // The first check's code: a store with readings and a view counter, set up twice.
        check(List.of(READINGS, VIEWS, READINGS, VIEWS), session -> { });
        // The second drops the counter: the record says VIEWS where it runs READINGS again, after a row.
        List<String> tables = check(List.of(READINGS, READINGS), session ->
                session.execute(SimpleStatement.newInstance("INSERT INTO " + KEYSPACE + ".readings (id, value) VALUES (1, 42)")));

        assertEquals(List.of("readings"), tables, "the second check's keyspace holds the tables its code made, no more");
    }

    @Test
    @DisplayName("a class that sends no statement (a stub at its first TODO) creates no keyspace and records nothing")
    void nothingSentNothingCreated() {
        String workshopName = "t_schemareplaytest_nothing_sent";
        String keyspace = Keyspaces.name(workshopName);
        CassandraExtension.admin().execute(Keyspaces.schema("DROP KEYSPACE IF EXISTS " + keyspace));
        Keyspaces.awaitSchemaAgreement(CassandraExtension.admin());

        SchemaReplay session = SchemaReplay.open(CassandraExtension.admin(), workshopName, records,
                name -> CassandraExtension.admin());
        session.finish();
        session.close();

        long found = CassandraExtension.admin().execute(SimpleStatement.newInstance(
                "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)).all().size();
        assertEquals(0, found, "no keyspace was created for a class that sent nothing");
        assertEquals(List.of(), List.of(records.toFile().list()), "no record was written for it");
    }

    @Test
    @DisplayName("a class's first conditional write forgets the record at once, so a check stopped before the class ends leaves none")
    void aConditionalWriteForgetsTheRecordAtOnce() {
        check(List.of(READINGS), session -> { });
        assertEquals(List.of(KEYSPACE + ".cql"), List.of(records.toFile().list()), "the first check recorded its schema");

        SchemaReplay session = SchemaReplay.open(CassandraExtension.admin(), WORKSHOP_NAME, records,
                keyspace -> CassandraExtension.admin());
        try {
            session.execute(Keyspaces.schema(READINGS));
            session.execute(SimpleStatement.newInstance("INSERT INTO " + KEYSPACE + ".readings (id, value) VALUES (1, 1) IF NOT EXISTS"));
            assertEquals(List.of(), List.of(records.toFile().list()), "no record to reuse once Paxos state is in the tables");
        } finally {
            session.close();
        }
    }

    @Test
    @DisplayName("while a class runs on tables the record made and its code has not, its results so far do not count")
    void aReplayShortOfItsRecordSaysSo() {
        SchemaReplay first = SchemaReplay.open(CassandraExtension.admin(), WORKSHOP_NAME, records,
                keyspace -> CassandraExtension.admin());
        first.execute(Keyspaces.schema(READINGS));
        first.execute(Keyspaces.schema(VIEWS));
        first.finish();
        first.close();
        SchemaReplay session = SchemaReplay.open(CassandraExtension.admin(), WORKSHOP_NAME, records,
                keyspace -> CassandraExtension.admin());
        try {
            session.execute(Keyspaces.schema(READINGS));
            assertFalse(CassandraExtension.classesRanOnTheirOwnTables(), "views exists, made by the record only");
            session.execute(Keyspaces.schema(VIEWS));
            assertTrue(CassandraExtension.classesRanOnTheirOwnTables(), "the code has made every table now");
        } finally {
            session.close();
        }
    }

    /**
     * Runs one check's schema statements through a replay, the work after the first one, and returns
     * the tables the keyspace held at the end, once the row the work wrote was found again.
     */
    private List<String> check(List<String> statements, Consumer<CqlSession> work) {
        SchemaReplay session = SchemaReplay.open(CassandraExtension.admin(), WORKSHOP_NAME, records,
                keyspace -> CassandraExtension.admin());
        try {
            for (int i = 0; i < statements.size(); i++) {
                session.execute(Keyspaces.schema(statements.get(i)));
                if (i == 0) {
                    work.accept(session);
                }
            }
            session.finish();
            long rows = session.execute(SimpleStatement.newInstance("SELECT id FROM " + KEYSPACE + ".readings")).all().size();
            assertEquals(statements.size() == 2 ? 1 : 0, rows, "the rows written after the first set-up are still there");
            return session.execute(SimpleStatement.newInstance(
                            "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", KEYSPACE))
                    .all().stream().map(row -> row.getString("table_name")).sorted().toList();
        } finally {
            session.close();
        }
    }
}
