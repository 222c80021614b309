package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PartitionSizeFormulaTest {

    @Test
    void aStaticColumnIsOneValuePerPartition() {
        // 500 messages: conversation_id, message_id (key), title (static), sender, body.
        assertEquals(1_001, new PartitionSizeFormula(500, 5, 2, 1).values());
        assertEquals(1_500, new PartitionSizeFormula(500, 5, 2, 0).values());
    }

    @Test
    void bytesCountTheKeyAndStaticsOnceAndATimestampPerValue() {
        PartitionSizeFormula formula = new PartitionSizeFormula(10, 4, 2, 1);
        // 9 key bytes + 20 static + 10 rows x 30 bytes + 8 x (10 x 1 + 1) values
        assertEquals(9 + 20 + 300 + 8 * 11, formula.bytes(9, 20, 30));
    }

    @Test
    void theHistogramStepBelowFollowsCassandrasOffsets() {
        // Offsets 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 24, 29, ...
        assertEquals(8, PartitionSizeFormula.histogramStepBelow(10));
        assertEquals(24, PartitionSizeFormula.histogramStepBelow(29));
        assertEquals(29_521, PartitionSizeFormula.histogramStepBelow(35_425));
    }

    @Test
    void aTableHasAKeyAndNoMoreKeyAndStaticColumnsThanColumns() {
        assertThrows(IllegalArgumentException.class, () -> new PartitionSizeFormula(1, 2, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new PartitionSizeFormula(1, 3, 2, 2));
    }
}
