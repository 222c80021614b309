package workshop.lesson03;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import workshop.fixtures.ids.Snowflake;
import workshop.testkit.MachineZone;

class BucketsTest {

    private static final Instant EPOCH = Instant.ofEpochMilli(Snowflake.EPOCH_MILLIS);
    private static final long TEN_DAYS = Duration.ofDays(10).toMillis();
    /** Every worker and sequence bit set: the largest id of its millisecond. */
    private static final long LOW_BITS = (1L << Snowflake.TIME_SHIFT) - 1;
    private static final String ID_BITS = ": an id's milliseconds since the epoch are its high bits (id >> 22),"
            + " and a bucket is BUCKET_MILLIS of them";
    private static final String UTC_DAYS = ": a bucket is ten UTC days from the epoch's midnight UTC; counting days in the"
            + " machine's zone (ZoneId.systemDefault(), LocalDate.now()) moves its edges by hours";
    private static final String SINCE_EPOCH = ": count the milliseconds from EPOCH_MILLIS to the instant, not from 1970,"
            + " in steps of BUCKET_MILLIS";

    @Test
    @DisplayName("the first ten days after the epoch are bucket 0, the next ten bucket 1")
    void firstBuckets() {
        assertEquals(0, Buckets.bucketOf(Snowflake.firstIdAt(EPOCH)), "the epoch's first id" + ID_BITS);
        assertEquals(0, Buckets.bucketOf(Snowflake.firstIdAt(EPOCH.plusMillis(TEN_DAYS - 1)) | LOW_BITS),
                "the last id of the tenth day" + ID_BITS);
        assertEquals(1, Buckets.bucketOf(Snowflake.firstIdAt(EPOCH.plusMillis(TEN_DAYS))), "the first id of the eleventh day" + ID_BITS);
    }

    @Test
    @DisplayName("a message from March 2024 lands in the bucket of its day: days since 2015-01-01, divided by ten")
    void aRecentMessage() {
        Instant sent = Instant.parse("2024-03-15T10:30:00Z");
        long days = ChronoUnit.DAYS.between(LocalDate.of(2015, 1, 1), LocalDate.of(2024, 3, 15));
        long id = Snowflake.firstIdAt(sent) | (513L << 12) | 77; // worker 513, sequence 77
        assertEquals(days / 10, Buckets.bucketOf(id),
                "id " + id + " was made " + days + " days after the epoch; the worker and sequence bits must not matter");
    }

    @Test
    @DisplayName("bucketAt(now) is the bucket of every id made now")
    void bucketOfNow() {
        for (Instant at : new Instant[] {Instant.parse("2016-07-01T00:00:00Z"), Instant.parse("2024-12-31T23:59:59.999Z"),
                Instant.parse("2031-02-03T04:05:06Z")}) {
            long id = Snowflake.firstIdAt(at);
            assertEquals(Buckets.bucketOf(id), Buckets.bucketAt(at), "the bucket of " + at + SINCE_EPOCH);
            assertEquals(Buckets.bucketOf(id | LOW_BITS), Buckets.bucketAt(at), "the bucket of the last id made at " + at + ID_BITS);
        }
    }

    @Test
    @DisplayName("bucketAt counts UTC days: a bucket's first and last millisecond, on a machine in another zone")
    void bucketEdgesInUtc() {
        for (long bucket : new long[] {1, 331, 400}) {
            Instant first = EPOCH.plusMillis(bucket * TEN_DAYS);
            Instant last = first.plusMillis(TEN_DAYS - 1);
            for (var zone : List.of(MachineZone.BEHIND_UTC, MachineZone.AHEAD_OF_UTC)) {
                int[] buckets = MachineZone.in(zone, () -> new int[] {Buckets.bucketAt(first), Buckets.bucketAt(last)});
                assertEquals(bucket, buckets[0], "the bucket of " + first + ", its first millisecond, on a machine in "
                        + zone.getID() + UTC_DAYS);
                assertEquals(bucket, buckets[1], "the bucket of " + last + ", its last millisecond, on a machine in "
                        + zone.getID() + UTC_DAYS);
            }
        }
    }
}
