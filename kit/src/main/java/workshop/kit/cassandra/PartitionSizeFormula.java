package workshop.kit.cassandra;

/**
 * The physical model's estimate of one partition (the DS220 method): how many values it holds and
 * how many bytes they take, before a row is written. A static column is one value per partition,
 * every other non-key column one value per row, and each value carries an 8-byte write timestamp.
 *
 * @param rows          rows in the partition
 * @param columns       columns of the table, key columns included
 * @param keyColumns    primary-key columns (partition key and clustering columns)
 * @param staticColumns static columns
 */
public record PartitionSizeFormula(long rows, int columns, int keyColumns, int staticColumns) {

    /** Bytes of the write timestamp each value carries, in the estimate. */
    public static final int TIMESTAMP_BYTES = 8;

    public PartitionSizeFormula {
        if (rows < 0 || keyColumns < 1 || staticColumns < 0 || keyColumns + staticColumns > columns) {
            throw new IllegalArgumentException("a table has at least one key column, and no more key and static"
                    + " columns than columns");
        }
    }

    /** Values = rows × (columns − primary-key columns − static columns) + static columns. */
    public long values() {
        return rows * (columns - keyColumns - staticColumns) + staticColumns;
    }

    /**
     * Bytes = the partition key's bytes + the static columns' bytes + rows × (a row's clustering and
     * regular columns' bytes) + 8 bytes of timestamp per value.
     *
     * @param partitionKeyBytes bytes of the partition key's values, stored once
     * @param staticBytes       bytes of the static columns' values, stored once
     * @param rowBytes          bytes of one row's clustering and regular values
     */
    public long bytes(long partitionKeyBytes, long staticBytes, long rowBytes) {
        return partitionKeyBytes + staticBytes + rows * rowBytes + TIMESTAMP_BYTES * values();
    }

    /**
     * The lower end of the step of a node's partition-size histogram that ends at {@code upper}: the
     * node reports a size as the top of its step (steps about 20% apart, as Cassandra's
     * EstimatedHistogram lays them out: 1, 2, 3, ... each the one before × 1.2, rounded, at least + 1).
     */
    public static long histogramStepBelow(long upper) {
        long previous = 0;
        long offset = 1;
        while (offset < upper) {
            previous = offset;
            long next = Math.round(offset * 1.2);
            offset = next > offset ? next : offset + 1;
        }
        return previous;
    }
}
