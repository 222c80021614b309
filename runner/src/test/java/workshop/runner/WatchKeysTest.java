package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import workshop.runner.WatchKeys.Key;

class WatchKeysTest {

    @Test
    void hRAndQAreTheKeysAndTheEndOfInputQuits() {
        assertEquals(Optional.of(Key.HINT), WatchKeys.of('h'));
        assertEquals(Optional.of(Key.RERUN), WatchKeys.of('R'));
        assertEquals(Optional.of(Key.QUIT), WatchKeys.of('q'));
        assertEquals(Optional.of(Key.QUIT), WatchKeys.of(-1), "end of input");
        assertEquals(Optional.empty(), WatchKeys.of(-2), "no key within the wait");
        assertEquals(Optional.empty(), WatchKeys.of('x'));
    }

    @Test
    void withoutATerminalWatchOnlyWaitsAndSaysHowToStop() {
        try (WatchKeys keys = WatchKeys.open()) { // the build has no console
            assertEquals("Ctrl-C to stop", keys.legend());
            assertEquals(Optional.empty(), keys.next(Duration.ofMillis(10)));
        }
    }
}
