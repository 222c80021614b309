package workshop.kit.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Throttled batches are sent again with growing pauses, and given up on after a bounded number of tries. */
class UnprocessedTest {

    private final List<Map<String, String>> sent = new ArrayList<>();

    @Test
    void sendsWhatWasLeftUntilNothingIs() {
        Unprocessed.sendUntilDone("a batch", Map.of("t", "abc"), batch -> {
            sent.add(batch);
            String left = batch.get("t").substring(1);
            return left.isEmpty() ? Map.of() : Map.of("t", left);
        });
        assertEquals(List.of(Map.of("t", "abc"), Map.of("t", "bc"), Map.of("t", "c")), sent);
    }

    @Test
    void givesUpAfterABoundedNumberOfAttempts() {
        DynamoException e = assertThrows(DynamoException.class, () -> Unprocessed.sendUntilDone("a batch", Map.of("t", "x"), batch -> {
            sent.add(batch);
            return batch;
        }));
        assertEquals(Unprocessed.ATTEMPTS, sent.size());
        assertTrue(e.getMessage().contains("throttling"), e.getMessage());
    }

    @Test
    void pausesDoubleUpToASecond() {
        assertEquals(List.of(100L, 200L, 400L, 800L, 1000L, 1000L),
                List.of(1, 2, 3, 4, 5, 30).stream().map(Unprocessed::pause).map(Duration::toMillis).toList());
    }

    @Test
    void anInterruptEndsTheRetriesAndIsKept() {
        Thread.currentThread().interrupt();
        try {
            assertThrows(DynamoException.class, () -> Unprocessed.sendUntilDone("a batch", Map.of("t", "x"), batch -> batch));
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }
}
