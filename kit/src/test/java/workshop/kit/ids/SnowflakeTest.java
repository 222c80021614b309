package workshop.kit.ids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SnowflakeTest {

    @Test
    void decodesToTheMillisecondItWasMadeIn() {
        Instant at = Instant.parse("2026-01-02T03:04:05.678Z");
        long id = new Snowflake(5, Clock.fixed(at, ZoneOffset.UTC)).next();
        assertEquals(at, Snowflake.instant(id));
        assertEquals(5, (id >> 12) & 1023);
    }

    @Test
    void idsInOneMillisecondStayDistinctAndIncreasing() {
        Snowflake ids = new Snowflake(1, Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
        long previous = ids.next();
        for (int i = 0; i < 10_000; i++) { // more than 4,096: borrows the next millisecond
            long id = ids.next();
            assertTrue(id > previous);
            previous = id;
        }
    }

    @Test
    void firstIdAtIsALowerBoundForThatInstant() {
        Instant at = Instant.parse("2025-06-01T12:00:00Z");
        long id = new Snowflake(1023, Clock.fixed(at, ZoneOffset.UTC)).next();
        assertTrue(Snowflake.firstIdAt(at) <= id && id < Snowflake.firstIdAt(at.plusMillis(1)));
    }
}
