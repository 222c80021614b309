package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BatchSizeWarningTest {

    @Test
    void theSizeIsReadInBytesAsTheNodeSendsItToTheClient() {
        Optional<BatchSizeWarning> warning = BatchSizeWarning.in(List.of(
                "Batch for [lesson04.messages, lesson04.chat_lists] is of size 19445, exceeding specified threshold"
                        + " of 5120 by 14325."));
        assertEquals(Optional.of(new BatchSizeWarning(19445, 5120)), warning);
        assertEquals("19.0 KiB (threshold 5.0 KiB)", warning.orElseThrow().toString());
    }

    @Test
    void theSizeIsReadWithUnitsAsTheNodeLogsIt() {
        assertEquals(Optional.of(new BatchSizeWarning(19445, 5120)), BatchSizeWarning.in(List.of(
                "Batch for [ks.t] is of size 18.989KiB, exceeding specified threshold of 5.000KiB by 13.989KiB.")));
    }

    @Test
    void otherWarningsAreNotABatchSize() {
        assertTrue(BatchSizeWarning.in(List.of("Aggregation query used without partition key")).isEmpty());
    }
}
