package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StoppedClusterTest {

    private static final String HOME = "/tmp/workshop/cassandra";

    private static StoppedCluster onDisk(OptionalInt recorded, Integer... withData) {
        return new StoppedCluster(recorded, Set.of(withData), HOME);
    }

    @Test
    void nothingOnDiskStartsFreshAtTheAskedSizeOrThree() {
        assertEquals(new StoppedCluster.Fresh(3), onDisk(OptionalInt.empty()).plan(OptionalInt.empty(), 3));
        assertEquals(new StoppedCluster.Fresh(1), onDisk(OptionalInt.of(3)).plan(OptionalInt.of(1), 3));
    }

    @Test
    void everyNodeWithItsDataRestartsTheStoppedClusterWhateverTheDefault() {
        assertEquals(new StoppedCluster.Resume(3), onDisk(OptionalInt.of(3), 1, 2, 3).plan(OptionalInt.empty(), 3));
        // A learner who ran `up --nodes 1`, then rebooted, gets the one node back from a plain lesson.
        assertEquals(new StoppedCluster.Resume(1), onDisk(OptionalInt.of(1), 1).plan(OptionalInt.empty(), 3));
        assertEquals(new StoppedCluster.Resume(2), onDisk(OptionalInt.of(2), 1, 2).plan(OptionalInt.of(2), 3));
    }

    @Test
    void withoutTheSizeRecordTheFoldersTellIt() {
        assertEquals(new StoppedCluster.Resume(3), onDisk(OptionalInt.empty(), 1, 2, 3).plan(OptionalInt.empty(), 3));
    }

    @Test
    void anotherAskedSizeNeverDeletesTheTablesSilently() {
        ClusterException refused = assertThrows(ClusterException.class,
                () -> onDisk(OptionalInt.of(3), 1, 2, 3).plan(OptionalInt.of(1), 3));
        assertTrue(refused.problem().what().contains("3-node") && refused.problem().what().contains(HOME),
                refused.problem().what());
        assertTrue(refused.fix().contains("./jbang up --nodes 3")
                && refused.fix().contains("./jbang down && ./jbang up --nodes 1"), refused.fix());
    }

    @Test
    void aNodeFolderWithoutItsDataIsNamedWithTheFreshStartAsFix() {
        ClusterException refused = assertThrows(ClusterException.class,
                () -> onDisk(OptionalInt.of(3), 1, 3).plan(OptionalInt.empty(), 3));
        assertTrue(refused.problem().what().contains("node2") && !refused.problem().what().contains("node3"),
                refused.problem().what());
        assertTrue(refused.fix().startsWith("./jbang down && ./jbang up"), refused.fix());
    }
}
