package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import workshop.kit.Problem;
import workshop.kit.cassandra.CassandraSettings.Credentials;
import workshop.kit.terminal.RefusedStatement;

/** A room's roles, grants and passwords, and what a refused learner reads: no cluster needed. */
class RoomRolesTest {

    @Test
    void aLearnersRoleIsTheirNamespace() {
        assertEquals("alice", RoomRoles.learner(" alice "));
        assertEquals("bob_2", RoomRoles.learner("bob_2"));
        assertEquals("./jbang room add alice_b", assertThrows(ClusterException.class, () -> RoomRoles.learner("Alice-B")).fix());
    }

    @Test
    void namesOfCassandraAndOfTheRoomItselfAreRefused() {
        for (String reserved : List.of("cassandra", "workshop", "workshop_admin", "system_x")) {
            ClusterException refused = assertThrows(ClusterException.class, () -> RoomRoles.learner(reserved));
            assertTrue(refused.problem().what().contains("reserved"), reserved);
            assertTrue(RoomRoles.learner(refused.fix().substring(refused.fix().lastIndexOf(' ') + 1)).startsWith("l_"));
        }
    }

    @Test
    void aLearnerMayCreateKeyspacesAndWriteToTheRoomTableOnly() {
        assertEquals(List.of("GRANT CREATE ON ALL KEYSPACES TO alice", "GRANT MODIFY ON KEYSPACE workshop_room TO alice",
                "GRANT SELECT ON TABLE system_views.settings TO alice"), RoomRoles.learnerGrants("alice"));
        assertEquals("CREATE ROLE alice WITH PASSWORD = 'p''q' AND LOGIN = true AND SUPERUSER = false",
                RoomRoles.createLogin("alice", "p'q", false));
        assertEquals("ALTER ROLE alice WITH PASSWORD = 'x'", RoomRoles.newPassword("alice", "x"));
    }

    @Test
    void theRoomKeyspaceIsReplicatedToEveryNodeUpToThree() {
        assertTrue(RoomRoles.roomKeyspace(1).endsWith("'replication_factor': 1}"));
        assertTrue(RoomRoles.roomKeyspace(3).endsWith("'replication_factor': 3}"));
        assertTrue(RoomRoles.roomKeyspace(5).endsWith("'replication_factor': 3}"));
    }

    @Test
    void passwordsAreLongRandomAndPasteable() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String password = Passwords.generate();
            assertEquals(Passwords.LENGTH, password.length());
            assertTrue(password.chars().allMatch(c -> Passwords.ALPHABET.indexOf(c) >= 0), password);
            seen.add(password);
        }
        assertEquals(1000, seen.size());
    }

    @Test
    void aRefusedStatementSaysWhoWasRefusedWhatAndTheWayBack() {
        Problem problem = RefusedStatement.explain("User alice has no SELECT permission on <table bob_lesson01.messages>"
                + " or any of its parents");
        assertEquals("The cluster refused user alice SELECT on table bob_lesson01.messages: a learner works only in"
                + " keyspaces they created, named with their namespace.", problem.what());
        assertTrue(problem.fix().startsWith("export WORKSHOP_NAMESPACE=alice "), problem.fix());
        assertTrue(RefusedStatement.explain("Only superusers may create triggers").what().endsWith("create triggers"));
    }

    @Test
    void aRefusedLoginSaysWhetherCredentialsWereMissingOrWrong() {
        assertTrue(AccessRefused.login(Optional.empty(), "[/127.0.0.1:9042]").what().contains("none is set"));
        Problem wrong = AccessRefused.login(Optional.of(new Credentials("bob", "x")), "[/127.0.0.1:9042]");
        assertTrue(wrong.what().contains("refused the login of user bob"), wrong.what());
        assertTrue(wrong.fix().contains("./jbang room add bob"), wrong.fix());
    }

    @Test
    void aLearnerGetsTheLinesToPaste() {
        List<InetSocketAddress> nodes = List.of(InetSocketAddress.createUnresolved("192.168.1.20", 9042),
                InetSocketAddress.createUnresolved("192.168.1.20", 9043));
        Credentials login = new Credentials("alice", "pw");
        assertEquals(List.of("export CASSANDRA_CONTACT_POINTS=192.168.1.20:9042,192.168.1.20:9043",
                "export WORKSHOP_NAMESPACE=alice", "export CASSANDRA_USERNAME=alice", "export CASSANDRA_PASSWORD=pw"),
                RoomAccess.learnerSettings(nodes, "datacenter1", login));
        assertEquals("export CASSANDRA_LOCAL_DC=dc2", RoomAccess.learnerSettings(nodes, "dc2", login).get(1));
    }

    @Test
    void aRoomNodeTurnsLoginsOnAndListensWhereAsked() {
        String local = NodeConfig.roomYaml(new RoomCluster(RoomCluster.LOCAL));
        assertTrue(local.contains("rpc_address: 127.0.0.1\n") && local.contains("authenticator: PasswordAuthenticator")
                && local.contains("authorizer: CassandraAuthorizer"), local);
        String shared = NodeConfig.roomYaml(RoomCluster.at("192.168.1.20"));
        assertTrue(shared.contains("rpc_address: 0.0.0.0\nbroadcast_rpc_address: 192.168.1.20\n"), shared);
        assertTrue(NodeConfig.properties(3, Optional.of(new RoomCluster(RoomCluster.LOCAL))).contains("-Dcassandra.system_auth.default_rf=3"));
        assertNotEquals(NodeConfig.properties(1, Optional.empty()), NodeConfig.properties(1, Optional.of(new RoomCluster(RoomCluster.LOCAL))));
        assertThrows(ClusterException.class, () -> RoomCluster.at("0.0.0.0"));
        assertThrows(ClusterException.class, () -> RoomCluster.at(""));
    }
}
