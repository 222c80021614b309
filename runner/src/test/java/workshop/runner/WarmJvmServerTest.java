package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WarmJvmServerTest {

    @Test
    void aWaitingJvmStaysUntilTheIdleLimitWhileThePidFileNamesIt() {
        Duration limit = Duration.ofMinutes(15);
        assertFalse(WarmJvmServer.shouldLeave(Duration.ZERO, limit, Optional.of(42L), 42));
        assertFalse(WarmJvmServer.shouldLeave(Duration.ofMinutes(14), limit, Optional.of(42L), 42));
        assertTrue(WarmJvmServer.shouldLeave(Duration.ofMinutes(15), limit, Optional.of(42L), 42));
    }

    @Test
    void aWaitingJvmLeavesAsSoonAsANewerOneTookItsPlaceOrAfterAGraceNoPidFileNamesIt() {
        Duration limit = Duration.ofMinutes(15);
        assertTrue(WarmJvmServer.shouldLeave(Duration.ofSeconds(2), limit, Optional.of(43L), 42));
        assertFalse(WarmJvmServer.shouldLeave(Duration.ofSeconds(2), limit, Optional.empty(), 42), "its pid not written yet");
        assertTrue(WarmJvmServer.shouldLeave(Duration.ofMinutes(1), limit, Optional.empty(), 42), "./jbang down or a deleted folder");
    }

    @Test
    void eitherTheRunnerOrTheIdleLimitHasTheJvmNeverBoth() {
        WarmJvmServer.Claim claim = new WarmJvmServer.Claim();
        assertTrue(claim.take(), "the first comer");
        assertFalse(claim.take(), "the second comer finds it taken");
    }
}
