package workshop.kit.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Coordinator trace lines as Cassandra 5.0 wrote them on the workshop's 3-node cluster at RF 3. */
class ReplicaReadsTest {

    private static ReplicaReads of(String... activities) {
        ReplicaReads reads = new ReplicaReads();
        List.of(activities).forEach(reads::accept);
        return reads;
    }

    @Test
    void atAllTheCoordinatorReadsADigestWhenTheDataComesFromAnotherReplica() {
        ReplicaReads all = of("reading data from /127.0.0.1:10001", "reading digest from /127.0.0.1:10002",
                "Executing single-partition query on kv", "Read 1 live rows and 0 tombstone cells");
        assertEquals(2, all.digestReads(Set.of("node1"), Set.of("node1", "node2", "node3")));
        assertEquals(0, all.readRepairs());
    }

    @Test
    void atQuorumTheCoordinatorsOwnReadIsTheDataWhenNoLineNamesAnotherReplica() {
        ReplicaReads quorum = of("reading digest from /127.0.0.1:10001", "Executing single-partition query on kv");
        assertEquals(1, quorum.digestReads(Set.of("node3"), Set.of("node2", "node3")));
    }

    @Test
    void atOneNoDigestIsAsked() {
        ReplicaReads one = of("reading data from /127.0.0.1:10001", "Executing single-partition query on kv");
        assertEquals(0, one.digestReads(Set.of("node3"), Set.of("node2")));
    }

    @Test
    void aDigestMismatchEndsInARepairOfTheReplicaThatLacked() {
        ReplicaReads repaired = of("reading digest from /127.0.0.1:10001",
                "Digest mismatch: Mismatch for key DecoratedKey(-4695822478963660617, 7130)",
                "Enqueuing full data read to Full(/127.0.0.1:10001,(-6148914691236517206,-4611686018427387905])",
                "Sending read-repair-mutation to Full(/127.0.0.1:10002,(-6148914691236517206,-4611686018427387905])");
        assertEquals(1, repaired.readRepairs());
        assertEquals(1, repaired.digestReads(Set.of("node3"), Set.of("node2", "node3")));
    }
}
