package workshop.kit.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SpreadIdsTest {

    @Test
    void idsIncreaseAndFallStrictlyInsideTheStretch() {
        Instant start = Instant.parse("2026-03-01T00:00:00Z");
        Instant end = start.plusSeconds(3_600);
        long[] ids = SpreadIds.between(start, end, 160);
        assertEquals(160, ids.length);
        for (int i = 0; i < ids.length; i++) {
            assertTrue(Snowflake.instant(ids[i]).isAfter(start) && Snowflake.instant(ids[i]).isBefore(end), "id " + i);
            assertTrue(i == 0 || ids[i] > ids[i - 1], "id " + i + " is not after the one before");
        }
    }

    @Test
    void moreIdsThanMillisecondsStayDistinct() {
        Instant start = Instant.parse("2026-03-01T00:00:00Z");
        long[] ids = SpreadIds.between(start, start.plusMillis(3), 50);
        assertEquals(50, Arrays.stream(ids).distinct().count());
    }
}
