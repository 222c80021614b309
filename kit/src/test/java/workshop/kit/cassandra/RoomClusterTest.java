package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import workshop.kit.Poll;
import workshop.kit.Ports;
import workshop.kit.Problem;
import workshop.kit.cassandra.CassandraSettings.Credentials;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.kit.terminal.Failures;

/**
 * A room's cluster of one node on 127.0.0.1, on ports of its own, started once for the class
 * and stopped after it: two learners, each at home in their own keyspaces and refused, with a
 * message that says so, on the other's; no login, a wrong one, or the default superuser refused.
 */
class RoomClusterTest {

    private static final CassandraSettings NO_LOGIN = CassandraSettings.from(Map.of());
    private static LocalCluster cluster;
    private static CqlSession alice;
    private static CqlSession bob;
    private static Credentials aliceLogin;

    @BeforeAll
    static void startRoomWithTwoLearners() {
        cluster = new LocalCluster(ClusterLayout.at(freeBase(), Path.of("target", "room-cluster").toAbsolutePath()));
        cluster.start(OptionalInt.of(1), Optional.of(new RoomCluster(RoomCluster.LOCAL)), line -> { });
        Credentials admin = RoomAccess.secure(cluster);
        Credentials bobLogin;
        try (CqlSession session = as(admin)) {
            aliceLogin = RoomAccess.add(session, "alice");
            bobLogin = RoomAccess.add(session, "bob");
            session.execute("CREATE TABLE IF NOT EXISTS " + RoomRoles.ROOM_KEYSPACE + ".results (learner text PRIMARY KEY, passed int)");
        }
        alice = as(aliceLogin);
        bob = as(bobLogin);
        for (Map.Entry<String, CqlSession> learner : Map.of("alice", alice, "bob", bob).entrySet()) {
            // Named as the workshop names a learner's keyspaces: their namespace first.
            String keyspace = Keyspaces.recreateNamed(learner.getValue(), Keyspaces.name(Optional.of(learner.getKey()), "lesson01"));
            learner.getValue().execute(Keyspaces.schema("CREATE TABLE " + keyspace + ".t (k int PRIMARY KEY, v text)"));
            learner.getValue().execute("INSERT INTO " + keyspace + ".t (k, v) VALUES (1, 'mine')");
        }
    }

    @AfterAll
    static void stop() {
        List.of(Optional.ofNullable(alice), Optional.ofNullable(bob)).forEach(s -> s.ifPresent(CqlSession::close));
        if (cluster != null) {
            cluster.stop();
        }
    }

    @Test
    void eachLearnerReadsTheirOwnKeyspaceAndTheCostProbeTracesIt() {
        // Past the node's 2 s cache of permissions: the measured read checks them again, and the
        // trace shows those reads of system_auth, which must not count as the learner's.
        Poll.sleep(Duration.ofMillis(2500));
        TracingSession traced = new TracingSession(alice);
        QueryCost cost = traced.measure(() -> assertEquals("mine",
                traced.execute("SELECT v FROM alice_lesson01.t WHERE k = 1").one().getString("v")));
        assertEquals(1, cost.partitionsRead(), cost.summary());
        assertEquals(1, cost.rowsRead(), cost.summary());
        assertTrue(PaxosVariant.of(alice).isPresent(), "a learner reads the node's settings, as lesson 07 does");
        assertEquals("mine", bob.execute("SELECT v FROM bob_lesson01.t WHERE k = 1").one().getString("v"));
    }

    @Test
    void aLearnerRecreatesTheirOwnKeyspaceAsLessonsDo() {
        for (int round = 0; round < 2; round++) {
            Keyspaces.recreateNamed(alice, "alice_scratch");
            alice.execute(Keyspaces.schema("CREATE TABLE alice_scratch.t (k int PRIMARY KEY)"));
            alice.execute("INSERT INTO alice_scratch.t (k) VALUES (" + round + ")");
            alice.execute("TRUNCATE alice_scratch.t");
        }
    }

    @Test
    void eachLearnerIsRefusedReadingWritingAndDroppingTheOthers() {
        refused(() -> alice.execute("SELECT v FROM bob_lesson01.t WHERE k = 1"), "alice SELECT on table bob_lesson01.t");
        refused(() -> alice.execute("INSERT INTO bob_lesson01.t (k, v) VALUES (1, 'theirs')"), "alice MODIFY on table bob_lesson01.t");
        refused(() -> alice.execute(Keyspaces.schema("DROP KEYSPACE bob_lesson01")), "alice DROP on keyspace bob_lesson01");
        refused(() -> bob.execute("SELECT v FROM alice_lesson01.t WHERE k = 1"), "bob SELECT on table alice_lesson01.t");
        refused(() -> bob.execute("TRUNCATE alice_lesson01.t"), "bob MODIFY on table alice_lesson01.t");
        refused(() -> bob.execute(Keyspaces.schema("DROP TABLE alice_lesson01.t")), "bob DROP on table alice_lesson01.t");
        assertEquals("mine", alice.execute("SELECT v FROM alice_lesson01.t WHERE k = 1").one().getString("v"));
        assertEquals("mine", bob.execute("SELECT v FROM bob_lesson01.t WHERE k = 1").one().getString("v"));
    }

    @Test
    void learnersWriteToTheRoomTableButDoNotReadIt() {
        alice.execute("INSERT INTO " + RoomRoles.ROOM_KEYSPACE + ".results (learner, passed) VALUES ('alice', 3)");
        refused(() -> alice.execute("SELECT * FROM " + RoomRoles.ROOM_KEYSPACE + ".results"),
                "alice SELECT on table " + RoomRoles.ROOM_KEYSPACE + ".results");
    }

    @Test
    void noLoginAWrongOneAndTheDefaultSuperuserAreRefused() {
        assertLoginRefused(NO_LOGIN, "asks for a user name and password, and none is set");
        assertLoginRefused(NO_LOGIN.withCredentials(new Credentials("alice", "not-" + aliceLogin.password())),
                "refused the login of user alice");
        assertLoginRefused(NO_LOGIN.withCredentials(new Credentials("cassandra", "cassandra")),
                "refused the login of user cassandra");
    }

    private static void assertLoginRefused(CassandraSettings settings, String what) {
        LoginRefused refused = assertThrows(LoginRefused.class, () -> Cassandra.running(cluster, settings).connect().close());
        assertTrue(refused.problem().what().contains(what), refused.problem().what());
    }

    /** Refused by the cluster, and what the learner reads says who was refused what, and the way back. */
    private static void refused(Executable statement, String what) {
        UnauthorizedException refusal = assertThrows(UnauthorizedException.class, statement);
        Problem problem = Failures.explain(refusal);
        assertTrue(problem.what().contains("refused user " + what), problem.what());
        String user = what.substring(0, what.indexOf(' '));
        assertTrue(problem.fix().contains("WORKSHOP_NAMESPACE=" + user), problem.fix());
    }

    private static CqlSession as(Credentials login) {
        return Cassandra.running(cluster, NO_LOGIN.withCredentials(login)).connect();
    }

    /**
     * A port base no cluster on this machine uses, so the test never meets a learner's nodes. All
     * its ports stay below Linux's ephemeral range (32768 and up), where the JMX and RMI ports of
     * other running JVMs land at random between our check and the node's start.
     */
    private static int freeBase() {
        return IntStream.iterate(12042, base -> base + 1000).limit(6)
                .filter(base -> ClusterLayout.at(base, Path.of("unused")).ports().noneMatch(Ports::listening))
                .findFirst().orElseThrow();
    }
}
