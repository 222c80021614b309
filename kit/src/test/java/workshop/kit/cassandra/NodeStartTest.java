package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

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
}

