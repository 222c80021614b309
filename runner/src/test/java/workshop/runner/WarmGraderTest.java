package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import workshop.kit.tools.ClusterTool;

class WarmGraderTest {

    @Test
    void downStopsTheWarmGradingJvmTheRunnerLeaves() {
        assertEquals(WarmGrader.process().marker(), ClusterTool.warmGrader().marker(),
                "./jbang down finds the warm grading JVM by the folder and marker key the runner gives it");
    }
}
