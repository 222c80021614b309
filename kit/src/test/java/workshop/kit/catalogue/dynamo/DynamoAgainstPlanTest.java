package workshop.kit.catalogue.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import workshop.kit.dynamo.DynamoCost;

/** A run held to its plan, on figures alone: no store. */
class DynamoAgainstPlanTest {

    @Test
    void aRunThatSentNothingThroughTheChecksClientFailsInsteadOfCostingNothing() {
        List<String> reasons = DynamoCatalogueCheck.againstPlan(DynamoPlan.getItem("orders"), DynamoCost.NONE);
        assertEquals(1, reasons.size(), reasons.toString());
        assertTrue(reasons.get(0).contains("made no request through the client the check gave it"), reasons.get(0));
    }
}
