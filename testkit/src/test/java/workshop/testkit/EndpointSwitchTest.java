package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.CassandraSettings;
import workshop.kit.cassandra.ClusterException;
import workshop.kit.cassandra.ClusterLayout;

/**
 * The lessons reach another cluster by configuration alone. Here "another cluster" is the shared
 * one on this machine, named by CASSANDRA_CONTACT_POINTS as a learner would name a classroom
 * cluster; the extension only makes sure it is running.
 */
@ExtendWith(CassandraExtension.class)
class EndpointSwitchTest {

    private static final String FIRST_NODE = "127.0.0.1:" + ClusterLayout.standard().node(1).nativePort();

    @Test
    void contactPointsSelectTheClusterAndItIsNeverTreatedAsOurs(CqlSession viaTheExtension) {
        Cassandra configured = Cassandra.findOrStart(CassandraSettings.from(Map.of(
                "CASSANDRA_CONTACT_POINTS", FIRST_NODE, "CASSANDRA_LOCAL_DC", "datacenter1")));
        assertFalse(configured.embedded(), "a cluster named by CASSANDRA_CONTACT_POINTS is never started or stopped by us");
        try (CqlSession session = configured.connect()) {
            String version = session.execute("SELECT release_version FROM system.local").one().getString(0);
            assertTrue(version.startsWith("5.0"), version);
            assertEquals(viaTheExtension.getMetadata().getNodes().size(), session.getMetadata().getNodes().size(),
                    "the driver discovers every node from one contact point");
        }
    }

    @Test
    void anEndpointWithNothingBehindItSaysWhatToCheck() throws IOException {
        String nothing = "127.0.0.1:" + freePort();
        ClusterException e = assertThrows(ClusterException.class, () -> Cassandra.findOrStart(
                CassandraSettings.from(Map.of("CASSANDRA_CONTACT_POINTS", nothing))).connect());
        assertTrue(e.getMessage().contains(nothing), e.getMessage());
        assertTrue(e.fix().contains("unset CASSANDRA_CONTACT_POINTS"), e.fix());
    }

    @Test
    void aDatacenterTheClusterDoesNotHaveIsNamedWithTheOneItHas() {
        ClusterException e = assertThrows(ClusterException.class, () -> Cassandra.findOrStart(CassandraSettings.from(Map.of(
                "CASSANDRA_CONTACT_POINTS", FIRST_NODE, "CASSANDRA_LOCAL_DC", "dc-nowhere"))).connect());
        assertEquals("export CASSANDRA_LOCAL_DC=datacenter1", e.fix(), e.getMessage());
    }

    @Test
    void tlsIsAppliedWhenAsked() {
        // The shared cluster speaks plain CQL, so a client that insists on TLS cannot connect to it.
        ClusterException e = assertThrows(ClusterException.class, () -> Cassandra.findOrStart(CassandraSettings.from(Map.of(
                "CASSANDRA_CONTACT_POINTS", FIRST_NODE, "CASSANDRA_SSL", "true"))).connect());
        assertTrue(e.getMessage().contains("TLS"), e.getMessage());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
