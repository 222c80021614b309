package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import workshop.kit.dynamo.DynamoCost;

/** DynamoDB's one-read rule, on costs built by hand: no store needed. */
class OneReadExpectationTest {

    private static DynamoCost read(Map<String, Integer> requests, long itemsRead) {
        return new DynamoCost(requests, itemsRead, itemsRead, 0.5, 0, 0, 0, null);
    }

    @Test
    void oneQueryOrOneGetItemWithinItsItemsPasses() {
        CostExpectations.assertOneRead("accountPage", read(Map.of("Query", 1), 6), 6);
        CostExpectations.assertOneRead("order", read(Map.of("GetItem", 1), 1), 1);
    }

    @Test
    void twoRequestsAScanOrTooManyItemsFailWithWhatWasRead() {
        AssertionFailedError two = assertThrows(AssertionFailedError.class,
                () -> CostExpectations.assertOneRead("accountPage", read(Map.of("GetItem", 1, "Query", 1), 6), 6));
        assertTrue(two.getMessage().contains("made 1 GetItem, 1 Query request(s)"), two.getMessage());
        assertThrows(AssertionFailedError.class, () -> CostExpectations.assertOneRead("pickList", read(Map.of("Scan", 1), 25), 25));
        AssertionFailedError many = assertThrows(AssertionFailedError.class,
                () -> CostExpectations.assertOneRead("history", read(Map.of("Query", 1), 11), 10));
        assertTrue(many.getMessage().contains("read 11 item(s)"), many.getMessage());
    }

    @Test
    void noRequestAtAllCannotBeMeasured() {
        AssertionFailedError none = assertThrows(AssertionFailedError.class,
                () -> CostExpectations.assertOneRead("order", DynamoCost.NONE, 1));
        assertTrue(none.getMessage().contains("made no DynamoDB request"), none.getMessage());
    }
}
