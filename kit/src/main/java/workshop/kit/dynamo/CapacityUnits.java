package workshop.kit.dynamo;

/**
 * Read and write units by AWS's published formula, because emulators do not report them
 * faithfully (moto answers a constant). A read unit covers up to 4 KB read strongly consistently;
 * an eventually consistent read costs half, a transactional read twice. A write unit covers up to
 * 1 KB; a transactional write costs twice. Sizes round up to the next unit, and even a read or
 * write of nothing costs the smallest unit.
 */
public final class CapacityUnits {

    public static final int READ_UNIT_BYTES = 4 * 1024;
    public static final int WRITE_UNIT_BYTES = 1024;
    /** What one partition serves at most, AWS publishes: 1,000 write units and 3,000 read units a second. */
    public static final int PARTITION_WRITE_UNITS_PER_SECOND = 1_000;
    public static final int PARTITION_READ_UNITS_PER_SECOND = 3_000;

    /** How a read is made, and what it costs per 4 KB. */
    public enum Read {
        EVENTUALLY_CONSISTENT(0.5), STRONGLY_CONSISTENT(1), TRANSACTIONAL(2);

        private final double unitsPer4Kb;

        Read(double unitsPer4Kb) {
            this.unitsPer4Kb = unitsPer4Kb;
        }

        /** Query, Scan and GetItem read eventually consistently unless ConsistentRead is true. */
        public static Read of(Boolean consistentRead) {
            return Boolean.TRUE.equals(consistentRead) ? STRONGLY_CONSISTENT : EVENTUALLY_CONSISTENT;
        }
    }

    private CapacityUnits() {}

    /** Units for reading this many bytes in one request (a Query or Scan page sums its items first). */
    public static double read(long bytes, Read kind) {
        return chunks(bytes, READ_UNIT_BYTES) * kind.unitsPer4Kb;
    }

    /** Units for writing one item of this size. */
    public static double write(long bytes, boolean transactional) {
        return chunks(bytes, WRITE_UNIT_BYTES) * (transactional ? 2 : 1);
    }

    private static long chunks(long bytes, int unit) {
        return Math.max(1, (bytes + unit - 1) / unit);
    }
}
