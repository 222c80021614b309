package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import workshop.kit.cost.QueryCost;

/** The advice of a failed one-partition read names what is actually wrong; an unsettled trace grades nothing. */
class CostAdviceTest {

    private static QueryCost cost(int partitions, int ranges, long rows, int unsettled) {
        return new QueryCost(Set.of("node1"), Set.of("node1"), partitions, ranges, rows, rows, 0, 1, Duration.ZERO,
                0, 0, 0, unsettled, 1, 0, 0, 0);
    }

    private static String failure(QueryCost cost) {
        return assertThrows(AssertionFailedError.class,
                () -> CostExpectations.assertOnePartitionRead("latest(c2, 3)", cost, 3)).getMessage();
    }

    @Test
    void theRightPartitionReadTooFarIsToldAboutOrderAndLimit() {
        String message = failure(cost(1, 0, 20, 0));
        assertTrue(message.contains("right partition") && message.contains("LIMIT"), message);
        assertTrue(!message.contains("Make the value you look up the partition key"), message);
    }

    @Test
    void severalPartitionsAreToldSo() {
        String message = failure(cost(4, 0, 3, 0));
        assertTrue(message.contains("read 4 partitions"), message);
    }

    @Test
    void aScanIsToldToUseThePartitionKey() {
        String message = failure(cost(0, 12, 300, 0));
        assertTrue(message.contains("scanned token ranges") && message.contains("partition key"), message);
        assertTrue(message.lines().allMatch(line -> line.length() <= 100), message);
    }

    @Test
    void anUnsettledTraceIsNotGraded() {
        MeasurementIncomplete withheld = assertThrows(MeasurementIncomplete.class,
                () -> CostExpectations.assertOnePartitionRead("latest(c2, 3)", cost(1, 0, 1, 1), 3));
        assertTrue(withheld.getMessage().startsWith("could not measure latest(c2, 3)"), withheld.getMessage());
        assertTrue(withheld.getMessage().contains("rerun"), withheld.getMessage());
    }
}
