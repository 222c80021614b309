package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PaxosVariantTest {

    @Test
    void namesTheVariantTheClusterRuns() {
        assertTrue(PaxosVariant.sentence(Optional.of("v1")).contains("Paxos v1"));
        assertTrue(PaxosVariant.sentence(Optional.of("v2")).contains("Paxos v2"));
        assertTrue(PaxosVariant.sentence(Optional.of("v2")).contains("may differ"));
    }

    @Test
    void saysSoWhenTheNodeDoesNotTell() {
        assertTrue(PaxosVariant.sentence(Optional.empty()).contains("does not say"));
    }
}
