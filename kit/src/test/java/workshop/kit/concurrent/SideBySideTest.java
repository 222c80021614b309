package workshop.kit.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SideBySideTest {

    @Test
    void runsTheKindsInTurnSampleBySample() {
        List<String> order = new ArrayList<>();
        double[] medians = SideBySide.medianMillis(3, List.of(i -> order.add("a" + i), i -> order.add("b" + i)));
        assertEquals(List.of("a0", "b0", "a1", "b1", "a2", "b2"), order);
        assertEquals(2, medians.length);
    }

    @Test
    void theSlowerKindHasTheLargerMedian() {
        double[] medians = SideBySide.medianMillis(5, List.of(i -> { }, i -> busy(20)));
        assertTrue(medians[1] > medians[0], medians[0] + " vs " + medians[1]);
    }

    private static void busy(long millis) {
        long until = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
