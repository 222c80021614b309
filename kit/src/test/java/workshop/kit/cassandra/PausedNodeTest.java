package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import workshop.kit.Platform;

class PausedNodeTest {

    @Test
    void aPausedProcessIsFrozenUntilClosedAndClosingTwiceIsHarmless() throws IOException {
        assumeFalse(Platform.WINDOWS, "nodes run on Linux and macOS only");
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            ProcessHandle handle = sleeper.toHandle();
            assertFalse(PausedNode.frozen(handle));
            PausedNode paused = PausedNode.pause(handle, "sleeper");
            assertTrue(PausedNode.frozen(handle));
            paused.close();
            assertFalse(PausedNode.frozen(handle));
            paused.close();
            assertFalse(PausedNode.frozen(handle));
        } finally {
            sleeper.destroyForcibly();
        }
    }
}
