package workshop.testkit;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import java.util.Locale;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import workshop.kit.Workshop;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cost.StatementRecorder;
import workshop.kit.cost.TracingSession;

/**
 * Gives a test class a Cassandra keyspace of its own on the shared cluster, in the learner's
 * WORKSHOP_NAMESPACE if set (see {@link Keyspaces}). The cluster is found or started once per JVM
 * and left running for the next module; when this test run had to start it, a marker file asks
 * the grading step at the end of the build to stop it again.
 * Test methods and lifecycle methods can ask for a {@link TracingSession} (its statements are
 * measured) or a plain {@link CqlSession}, both bound to the class's keyspace. After each test,
 * what ran through the traced session must have bound its values to statements prepared once.
 */
public final class CassandraExtension
        implements BeforeAllCallback, AfterEachCallback, AfterAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(CassandraExtension.class);
    private static Cassandra cluster;
    private static CqlSession admin;

    /** One session per JVM for keyspace changes; closed when the JVM exits. */
    static synchronized CqlSession admin() {
        if (admin == null) {
            admin = cluster().connect();
            Runtime.getRuntime().addShutdownHook(new Thread(admin::close));
        }
        return admin;
    }

    /** The shared cluster, found or started once per JVM: tests that read a node's own figures ask for it. */
    public static synchronized Cassandra cluster() {
        if (cluster == null) {
            cluster = Cassandra.findOrStart();
        }
        return cluster;
    }

    /**
     * The shared cluster, for a test that pauses its nodes or changes their settings. The grading
     * step looks for this call: such a lesson's checks run alone, with no other lesson's beside
     * them, and on three nodes.
     */
    public static Cassandra takeHoldOfTheNodes() {
        return cluster();
    }

    /** Whether the admin session already serves a test class (see {@link #sessionFor}). */
    private static boolean adminLent;

    /** Connects before the tests are known, so a check's first class does not wait for it. */
    public static void warmUp() {
        admin();
    }

    /**
     * The session a class runs in. The first class of the JVM borrows the admin session (one
     * connection less to set up, seconds on a busy machine); every other class gets a session of its
     * own, because the driver caches prepared statements per session and query text, and two classes
     * may prepare the same text against different keyspaces.
     */
    private static synchronized CqlSession sessionFor(String keyspace) {
        if (adminLent) {
            return cluster().connect(keyspace);
        }
        adminLent = true;
        admin().execute("USE " + CqlIdentifier.fromInternal(keyspace).asCql(true));
        return admin();
    }

    /**
     * One keyspace per test class, named after it, so classes never see each other's tables; this is
     * the workshop's name, which Keyspaces.name puts in the namespace and keeps within Cassandra's limit.
     */
    static String keyspaceOf(Class<?> testClass) {
        return keyspaceOf(testClass.getName());
    }

    static String keyspaceOf(String className) {
        // The workshop's own package is left out, so names stay short enough to keep whole; nested
        // classes (Outer$Inner) too: a keyspace name allows letters, digits and _ only.
        String name = className.replaceFirst("^workshop\\.", "");
        return "t_" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    }

    /**
     * The driver's filter for the schema metadata a check JVM keeps: the test classes' keyspaces.
     * In a namespace it is the whole namespace, since a long name is shortened from its start
     * (see Keyspaces.name) and loses the t_.
     */
    public static String testKeyspacesFilter() {
        return Keyspaces.namespace().map(namespace -> "/^" + namespace + "_.*/").orElse("/^t_.*/");
    }

    /**
     * Gives the class its keyspace's session. Its first statement readies the keyspace: empty tables
     * of the schema the class builds, reused from the last check when nothing in that schema changed,
     * recreated otherwise (see {@link SchemaReplay}); a class that sends none pays for no keyspace.
     */
    @Override
    public void beforeAll(ExtensionContext context) {
        SchemaReplay session = SchemaReplay.open(admin(), keyspaceOf(context.getRequiredTestClass()),
                Workshop.stateDir().resolve("check/schema"), CassandraExtension::sessionFor);
        // In a holder: JUnit would close a session it finds in the store, and wait for it.
        context.getStore(NAMESPACE).put(Sessions.class, new Sessions(session, new TracingSession(session)));
    }

    /**
     * Whether every test class running now has run on the tables its own code created. False while a
     * class's statements were answered from the record of a schema that made more: that class's
     * results do not count, and its check runs again (see {@link SchemaReplay}).
     */
    public static boolean classesRanOnTheirOwnTables() {
        return SchemaReplay.noneShortOfRecord();
    }

    /** The class's session, and the same measuring what runs through it. */
    private record Sessions(SchemaReplay plain, TracingSession traced) {}

    /** Fails the test during which (or during whose setup) a statement broke the rule, once. */
    @Override
    public void afterEach(ExtensionContext context) {
        Sessions sessions = context.getStore(NAMESPACE).get(Sessions.class, Sessions.class);
        if (sessions != null) {
            StatementRecorder statements = sessions.traced().statements();
            CostExpectations.assertPreparedOnceAndBound(statements.takeFindings());
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Sessions sessions = context.getStore(NAMESPACE).get(Sessions.class, Sessions.class);
        if (sessions != null) {
            sessions.plain().finish();
            sessions.plain().close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == CqlSession.class || type == TracingSession.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        // The store finds the class's entries from a method too.
        Sessions sessions = context.getStore(NAMESPACE).get(Sessions.class, Sessions.class);
        return parameter.getParameter().getType() == TracingSession.class ? sessions.traced() : sessions.plain();
    }
}
