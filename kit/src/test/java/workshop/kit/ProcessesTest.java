package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessesTest {

    private static final Path STATE = Path.of("/home/ada/workshop/.workshop");

    @Test
    void everyFolderUnderOurStateFolderIsOursWhateverItsName() {
        assertEquals(Processes.Owner.OURS,
                Processes.owner(STATE.resolve("cassandra/node5"), 42, STATE, folder -> Optional.empty()));
        assertEquals(Processes.Owner.OURS,
                Processes.owner(STATE.resolve("cassandra/node1"), 42, STATE, folder -> Optional.of(7L)));
    }

    @Test
    void anotherCheckoutsProcessIsTheirsWhileItsPidFilePointsAtIt() {
        Path theirs = Path.of("/home/ada/other-clone/.workshop/cassandra/node2");
        assertEquals(Processes.Owner.ELSEWHERE, Processes.owner(theirs, 42, STATE, folder -> Optional.of(42L)));
        assertEquals(Processes.Owner.ABANDONED, Processes.owner(theirs, 42, STATE, folder -> Optional.of(43L)));
        assertEquals(Processes.Owner.ABANDONED, Processes.owner(theirs, 42, STATE, folder -> Optional.empty()));
    }

    @Test
    void aSiblingFolderWithTheSamePrefixIsNotOurs() {
        Path sibling = Path.of("/home/ada/workshop/.workshop-old/cassandra/node1");
        assertEquals(Processes.Owner.ABANDONED, Processes.owner(sibling, 42, STATE, folder -> Optional.empty()));
    }

    @Test
    void theMarkerIsFoundAsAJvmPropertyOrAPythonOption() {
        assertEquals(Optional.of(Path.of("/w/.workshop/cassandra/node2")), Processes.folderIn(
                List.of("java", "-Xmx768m", "-Dworkshop.cassandra.node=/w/.workshop/cassandra/node2", "-cp", "x"),
                "workshop.cassandra.node"));
        assertEquals(Optional.of(Path.of("/w/.workshop/dynamodb/5050")), Processes.folderIn(
                List.of("python3", "-X", "workshop.dynamodb=/w/.workshop/dynamodb/5050", "-m", "moto.server"),
                "workshop.dynamodb"));
        assertEquals(Optional.empty(), Processes.folderIn(
                List.of("grep", "--", "x-workshop.cassandra.node=/w"), "workshop.cassandra.node"));
    }

    @Test
    void aLockHeldElsewhereIsAwaitedForABoundedTimeNamingItsHolder(@TempDir Path dir) {
        Path file = dir.resolve("start.lock");
        try (Processes.Held held = Processes.lock(file, Duration.ofSeconds(1))) {
            WorkshopException e = assertThrows(WorkshopException.class, () -> Processes.lock(file, Duration.ofMillis(300)));
            assertTrue(e.problem().what().contains("the start in pid " + ProcessHandle.current().pid()), e.getMessage());
        }
        try (Processes.Held again = Processes.lock(file, Duration.ofMillis(300))) {
            assertTrue(file.toFile().exists());
        }
    }
}
