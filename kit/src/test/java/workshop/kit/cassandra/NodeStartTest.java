package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.PortHolder;
import workshop.kit.WorkshopException;

class NodeStartTest {

    @Test
    void aSeedThatAnsweredTooLateIsARetryableCause() {
        String log = """
                INFO  [main] 2026-12-01 07:01:02,003 Gossiper.java:2000 - Gossip started
                ERROR [main] 2026-12-01 07:01:04,010 CassandraDaemon.java:900 - Exception encountered during startup
                java.lang.RuntimeException: Unable to gossip with any peers
                \tat org.apache.cassandra.gms.Gossiper.doShadowRound(Gossiper.java:2071)
                """;
        assertEquals(Optional.of("Unable to gossip with any peers"), NodeProcess.retryableCause(log));
    }

    @Test
    void otherDeathsAreNotRetried() {
        assertEquals(Optional.empty(), NodeProcess.retryableCause(
                "java.lang.RuntimeException: A node with address /127.0.0.1:7001 already exists, cancelling join."));
        assertEquals(Optional.empty(), NodeProcess.retryableCause("java.net.BindException: Address already in use"));
        assertEquals(Optional.empty(), NodeProcess.retryableCause(""));
    }

    @Test
    void aPortTakenAtStartIsFoundInTheLogAsCassandraWritesIt() {
        NodeSpec node = ClusterLayout.at(24042, Path.of("/tmp/workshop/cassandra")).node(1);
        // As logged when a socket was bound, not listening, on the storage port, then on the JMX port.
        assertEquals(OptionalInt.of(22000), NodeProcess.portInUse("""
                ERROR [main] CassandraDaemon.java:887 - Fatal configuration error
                org.apache.cassandra.exceptions.ConfigurationException: /127.0.0.1:22000 is in use by another process. \
                Change listen_address:storage_port in cassandra.yaml""", node));
        assertEquals(OptionalInt.of(22199), NodeProcess.portInUse("""
                java.net.BindException: Address already in use
                \tat java.base/java.net.ServerSocket.bind(ServerSocket.java:388)
                \tat org.apache.cassandra.utils.RMIServerSocketFactoryImpl.createServerSocket(RMIServerSocketFactoryImpl.java:42)
                """, node));
        assertEquals(OptionalInt.empty(), NodeProcess.portInUse("java.lang.RuntimeException: Unable to gossip with any peers", node));
    }

    @Test
    void theHolderOfABoundPortIsNamed() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "ports are traced to processes through Linux's /proc");
        try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(Optional.of("pid " + ProcessHandle.current().pid() + " (java)"), PortHolder.of(held.getLocalPort()));
        }
    }

    @Test
    void aNodeWhosePortIsTakenIsTriedOnceMoreThenSaysWhichPortAndWhoHoldsItInOneLine(@TempDir Path home) throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "ports are traced to processes through Linux's /proc");
        ClusterLayout layout = ClusterLayout.at(24042, home);
        NodeSpec node = layout.node(1);
        Files.createDirectories(node.logFile().getParent());
        try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = held.getLocalPort();
            // What Cassandra 5.0 logs when its storage port is taken, written by a stand-in for the node's JVM.
            String death = "echo attempt >> attempts; echo 'ERROR [main] CassandraDaemon.java:887 - Fatal configuration error"
                    + " org.apache.cassandra.exceptions.ConfigurationException: /127.0.0.1:" + port
                    + " is in use by another process.' >> logs/system.log; exit 1";
            WorkshopException e = assertThrows(WorkshopException.class, () -> node.process().start(
                    () -> new ProcessBuilder("sh", "-c", death).directory(node.dir().toFile()), NodeProcess.policy(layout, node)));
            assertEquals(2, Files.readAllLines(node.dir().resolve("attempts")).size(), "one retry");
            assertEquals("node1 could not listen on port " + port + ": pid " + ProcessHandle.current().pid() + " (java) holds it.",
                    e.problem().what());
            assertTrue(e.fix().startsWith("find it with `ss -tanp 'sport = :" + port + "'`"), e.fix());
        }
    }
}
