package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManagedProcessTest {

    private static final Path STATE = Path.of("/home/ada/workshop/.workshop");

    @Test
    void everyFolderUnderOurStateFolderIsOursWhateverItsName() {
        assertEquals(ManagedProcess.Owner.OURS,
                ManagedProcess.owner(STATE.resolve("cassandra/node5"), 42, STATE, folder -> Optional.empty()));
        assertEquals(ManagedProcess.Owner.OURS,
                ManagedProcess.owner(STATE.resolve("cassandra/node1"), 42, STATE, folder -> Optional.of(7L)));
    }

    @Test
    void anotherCheckoutsProcessIsTheirsWhileItsPidFilePointsAtIt() {
        Path theirs = Path.of("/home/ada/other-clone/.workshop/cassandra/node2");
        assertEquals(ManagedProcess.Owner.ELSEWHERE, ManagedProcess.owner(theirs, 42, STATE, folder -> Optional.of(42L)));
        assertEquals(ManagedProcess.Owner.ABANDONED, ManagedProcess.owner(theirs, 42, STATE, folder -> Optional.of(43L)));
        assertEquals(ManagedProcess.Owner.ABANDONED, ManagedProcess.owner(theirs, 42, STATE, folder -> Optional.empty()));
    }

    @Test
    void aSiblingFolderWithTheSamePrefixIsNotOurs() {
        Path sibling = Path.of("/home/ada/workshop/.workshop-old/cassandra/node1");
        assertEquals(ManagedProcess.Owner.ABANDONED, ManagedProcess.owner(sibling, 42, STATE, folder -> Optional.empty()));
    }

    @Test
    void theMarkerIsFoundAsAJvmPropertyOrAPythonOption() {
        assertEquals(Optional.of(Path.of("/w/.workshop/cassandra/node2")), ManagedProcess.folderIn(
                List.of("java", "-Xmx768m", "-Dworkshop.cassandra.node=/w/.workshop/cassandra/node2", "-cp", "x"),
                "workshop.cassandra.node"));
        assertEquals(Optional.of(Path.of("/w/.workshop/dynamodb/5050")), ManagedProcess.folderIn(
                List.of("python3", "-X", "workshop.dynamodb=/w/.workshop/dynamodb/5050", "-m", "moto.server"),
                "workshop.dynamodb"));
        assertEquals(Optional.empty(), ManagedProcess.folderIn(
                List.of("grep", "--", "x-workshop.cassandra.node=/w"), "workshop.cassandra.node"));
    }

    @Test
    void aLockHeldElsewhereIsAwaitedForABoundedTimeNamingItsHolder(@TempDir Path dir) {
        Path file = dir.resolve("start.lock");
        try (LockFile.Held held = LockFile.take(file, Duration.ofSeconds(1))) {
            WorkshopException e = assertThrows(WorkshopException.class, () -> LockFile.take(file, Duration.ofMillis(300)));
            assertTrue(e.problem().what().contains("the start in pid " + ProcessHandle.current().pid()), e.getMessage());
        }
        try (LockFile.Held again = LockFile.take(file, Duration.ofMillis(300))) {
            assertTrue(file.toFile().exists());
        }
    }

    private static final String MARKER_KEY = "workshop.test.process";

    /** A policy for a stand-in process: ready when the port listens, deaths retried when the log says "again". */
    private static StartPolicy policy(Path log, int port, Duration timeout) {
        StartPolicy.Cause again = new StartPolicy.Cause(1, text -> text.contains("again")
                ? Optional.of(new StartPolicy.Diagnosis("it asked to be started again", Optional.empty())) : Optional.empty());
        return new StartPolicy(StartPolicy.Readiness.portOpen(port), timeout, Duration.ofMillis(50),
                List.of(new LogFile(log)), List.of(again), "the timeout's fix", "the death's fix");
    }

    /** A shell that runs the script with the marker as its $0, so the process carries the marker as `running` reads it. */
    private static ProcessBuilder shell(ManagedProcess process, Path dir, String script) {
        return new ProcessBuilder("sh", "-c", script + "; true", process.marker()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    }

    @Test
    void aProcessIsReadyWhenItsCheckPassesAndStopsWithinItsGrace(@TempDir Path dir) throws IOException {
        assumeFalse(Platform.WINDOWS, "the stand-in process is a POSIX shell");
        ManagedProcess process = new ManagedProcess("the stand-in", MARKER_KEY, dir);
        try (ServerSocket ready = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ProcessHandle started = process.start(() -> shell(process, dir, "while :; do sleep 0.1; done"),
                    policy(dir.resolve("log"), ready.getLocalPort(), Duration.ofSeconds(20)));
            assertTrue(started.isAlive());
            assertEquals(Optional.of(started.pid()), process.running().map(ProcessHandle::pid));
            assertTrue(process.stop(Duration.ofSeconds(5)));
            assertFalse(started.isAlive());
        }
    }

    @Test
    void aProcessThatNeverBecomesReadyIsKilledAndSaidWithItsTimeout(@TempDir Path dir) throws IOException {
        assumeFalse(Platform.WINDOWS, "the stand-in process is a POSIX shell");
        ManagedProcess process = new ManagedProcess("the stand-in", MARKER_KEY, dir);
        int closed;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = free.getLocalPort();
        }
        WorkshopException e = assertThrows(WorkshopException.class, () -> process.start(
                () -> shell(process, dir, "echo waiting >> log; while :; do sleep 0.1; done"), policy(dir.resolve("log"), closed, Duration.ofSeconds(1))));
        assertTrue(e.problem().what().startsWith("the stand-in (pid "), e.problem().what());
        assertTrue(e.problem().what().contains("did not open port " + closed + " within 1 s. The end of its log:\n"
                + dir.resolve("log") + ":\n    waiting"), e.problem().what());
        assertEquals("the timeout's fix", e.fix());
        assertTrue(process.running().isEmpty(), "the stand-in still runs");
    }

    @Test
    void aDeathThePolicyKnowsIsRetriedAsOftenAsItSaysThenSaid(@TempDir Path dir) throws IOException {
        assumeFalse(Platform.WINDOWS, "the stand-in process is a POSIX shell");
        ManagedProcess process = new ManagedProcess("the stand-in", MARKER_KEY, dir);
        WorkshopException e = assertThrows(WorkshopException.class, () -> process.start(
                () -> shell(process, dir, "echo again >> log; exit 1"), policy(dir.resolve("log"), 1, Duration.ofSeconds(20))));
        assertEquals(List.of("again", "again"), Files.readAllLines(dir.resolve("log")), "two attempts");
        assertTrue(e.problem().what().startsWith("the stand-in stopped while starting (it asked to be started again, tried 2 times)"),
                e.problem().what());
        assertEquals("the death's fix", e.fix());
    }

    @Test
    void aDeathThePolicyDoesNotKnowIsSaidAtOnceWithTheEndOfTheLog(@TempDir Path dir) throws IOException {
        assumeFalse(Platform.WINDOWS, "the stand-in process is a POSIX shell");
        ManagedProcess process = new ManagedProcess("the stand-in", MARKER_KEY, dir);
        WorkshopException e = assertThrows(WorkshopException.class, () -> process.start(
                () -> shell(process, dir, "echo boom >> log; exit 3"), policy(dir.resolve("log"), 1, Duration.ofSeconds(20))));
        assertEquals(List.of("boom"), Files.readAllLines(dir.resolve("log")), "one attempt");
        assertEquals("the stand-in stopped while starting. The end of its log:\n" + dir.resolve("log") + ":\n    boom",
                e.problem().what());
    }

    @Test
    void aRunningProcessStartedElsewhereIsAwaitedUntilReadyAndNotOnceItEnded(@TempDir Path dir) {
        assumeFalse(Platform.WINDOWS, "the stand-in process is a POSIX shell");
        ManagedProcess process = new ManagedProcess("the stand-in", MARKER_KEY, dir);
        ProcessHandle started = process.launch(shell(process, dir, "sleep 0.3; touch socket; while :; do sleep 0.1; done"));
        StartPolicy.Readiness socket = new StartPolicy.Readiness("open its socket", () -> Files.exists(dir.resolve("socket")));
        StartPolicy.Readiness never = new StartPolicy.Readiness("never", () -> false);
        try {
            assertFalse(process.awaitReady(started, never, Duration.ofMillis(200), Duration.ofMillis(20)), "not within the limit");
            assertTrue(process.awaitReady(started, socket, Duration.ofSeconds(20), Duration.ofMillis(20)));
        } finally {
            process.stop(Duration.ZERO);
        }
        assertFalse(process.awaitReady(started, socket, Duration.ofSeconds(20), Duration.ofMillis(20)), "it ended");
    }
}
