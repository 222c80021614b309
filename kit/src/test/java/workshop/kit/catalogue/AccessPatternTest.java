package workshop.kit.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccessPatternTest {

    @Test
    void servedOnTheOraclesSamplesRunsTheCodeOnEachArgumentInOrderWithItsAnswer() {
        List<OracleSample<Integer>> oracle = List.of(new OracleSample<>("one", 1, Answer.of(2)),
                new OracleSample<>("two", 2, Answer.of(4)));
        AccessPattern served = new BriefQuestion("a number doubled", Rate.perSecond(1), Duration.ofMillis(10))
                .pattern("D").plan(Plan.point("numbers")).servedOn(oracle, n -> n * 2);
        assertEquals(List.of("one", "two"), served.samples().stream().map(AccessPattern.Sample::label).toList());
        for (int i = 0; i < oracle.size(); i++) {
            assertSame(oracle.get(i).answer(), served.samples().get(i).answer());
            assertEquals(2 * oracle.get(i).argument(), served.samples().get(i).run().get());
        }
    }
}
