package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.datastax.oss.driver.api.core.CqlSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineTestKit;
import workshop.kit.cassandra.Keyspaces;

/**
 * Two learners on one cluster, each in a WORKSHOP_NAMESPACE of their own (set here through the
 * system property that stands in for it): the same lesson gives each a keyspace of their own, and
 * recreating or dropping one never touches the other's.
 */
@ExtendWith(CassandraExtension.class)
class NamespacesTest {

    private static final String LESSON = "lesson_ns_check";

    @AfterEach
    void dropBothLearnersKeyspaces(CqlSession session) {
        dropAs("alice", session, LESSON);
        dropAs("bob", session, LESSON);
    }

    @Test
    void aLessonOnlyEverRecreatesAndDropsItsOwnLearnersKeyspace(CqlSession session) {
        String alices = as("alice", () -> Keyspaces.recreate(session, LESSON));
        String bobs = as("bob", () -> Keyspaces.recreate(session, LESSON));
        assertEquals("alice_" + LESSON, alices);
        assertEquals("bob_" + LESSON, bobs);
        for (String keyspace : new String[] {alices, bobs}) {
            session.execute(Keyspaces.schema("CREATE TABLE " + keyspace + ".notes (id int PRIMARY KEY, text text)"));
            session.execute("INSERT INTO " + keyspace + ".notes (id, text) VALUES (1, 'mine')");
        }

        as("alice", () -> Keyspaces.recreate(session, LESSON));
        assertFalse(tableExists(session, alices), "alice's rerun starts from an empty keyspace");
        assertEquals(1, session.execute("SELECT count(*) FROM " + bobs + ".notes").one().getLong(0),
                "alice's rerun left bob's table alone");

        dropAs("alice", session, LESSON);
        assertFalse(keyspaceExists(session, alices));
        assertTrue(keyspaceExists(session, bobs), "alice's drop left bob's keyspace alone");
        assertFalse(keyspaceExists(session, LESSON), "nothing was created outside a namespace");
    }

    @Test
    void theExtensionGivesATestClassItsKeyspaceInTheNamespace(CqlSession session) {
        InANamespace.seen = null;
        as("ci_ns", () -> EngineTestKit.engine("junit-jupiter").selectors(selectClass(InANamespace.class)).execute()
                .testEvents().assertStatistics(stats -> stats.started(1).succeeded(1)));
        String expected = as("ci_ns", () -> Keyspaces.name(CassandraExtension.keyspaceOf(InANamespace.class)));
        assertTrue(expected.startsWith("ci_ns_") && expected.endsWith("namespacestest_inanamespace"), expected);
        assertEquals(expected, InANamespace.seen, "the keyspace the test class's session was bound to");
        assertFalse(keyspaceExists(session, CassandraExtension.keyspaceOf(InANamespace.class)),
                "nothing was created outside the namespace");
        dropAs("ci_ns", session, CassandraExtension.keyspaceOf(InANamespace.class)); // the extension keeps it for the next run
    }

    /** Run only through EngineTestKit above (surefire skips nested classes). */
    @ExtendWith(CassandraExtension.class)
    static class InANamespace {
        static String seen;

        @Test
        void recordsItsKeyspace(CqlSession session) {
            seen = session.getKeyspace().orElseThrow().asInternal();
            assertTrue(keyspaceExists(session, seen));
        }
    }

    private static <T> T as(String learner, java.util.function.Supplier<T> work) {
        System.setProperty("workshop.namespace", learner);
        try {
            return work.get();
        } finally {
            System.clearProperty("workshop.namespace");
        }
    }

    private static void dropAs(String learner, CqlSession session, String keyspace) {
        as(learner, () -> {
            Keyspaces.drop(session, keyspace);
            return keyspace;
        });
    }

    static boolean keyspaceExists(CqlSession session, String keyspace) {
        return session.execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace).one() != null;
    }

    private static boolean tableExists(CqlSession session, String keyspace) {
        return session.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = 'notes'",
                keyspace).one() != null;
    }
}
