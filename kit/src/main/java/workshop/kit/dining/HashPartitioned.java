package workshop.kit.dining;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import workshop.kit.h2.MemoryDatabase;
import workshop.kit.h2.Sql;

/**
 * Lesson 07's first design: a reservations table spread over several databases by a hash of
 * reservation_id. Each database answers only for its own rows, and no transaction spans two.
 */
public final class HashPartitioned implements AutoCloseable {

    private static final String TABLE = """
            CREATE TABLE reservations (
              reservation_id UUID PRIMARY KEY, restaurant_id BIGINT, table_id INT, slot_date DATE,
              slot_time TIME, user_id BIGINT, party_size INT)""";

    private final List<MemoryDatabase> partitions;

    private HashPartitioned(List<MemoryDatabase> partitions) {
        this.partitions = partitions;
    }

    public static HashPartitioned open(String name, int count) throws SQLException {
        HashPartitioned opened = new HashPartitioned(new ArrayList<>());
        try {
            for (int p = 0; p < count; p++) {
                MemoryDatabase partition = MemoryDatabase.open(name + "_p" + p);
                opened.partitions.add(partition);
                try (Connection connection = partition.connect()) {
                    Sql.update(connection, TABLE);
                }
            }
            return opened;
        } catch (SQLException | RuntimeException e) {
            try {
                opened.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    public int count() {
        return partitions.size();
    }

    public int partitionOf(Object key) {
        return Math.floorMod(key.hashCode(), partitions.size());
    }

    /** The database that holds a key's rows. */
    public MemoryDatabase holding(Object key) {
        return partitions.get(partitionOf(key));
    }

    /** A name-based id (the same on every run) that lands in another partition than {@code first}. */
    public UUID idElsewhere(UUID first, String name) {
        for (int n = 0; ; n++) {
            UUID candidate = UUID.nameUUIDFromBytes((name + n).getBytes());
            if (partitionOf(candidate) != partitionOf(first)) {
                return candidate;
            }
        }
    }

    /** The sum of a COUNT over every partition: what no single booking could see. */
    public long countEverywhere(String sql, Object... parameters) throws SQLException {
        long total = 0;
        for (MemoryDatabase partition : partitions) {
            try (Connection connection = partition.connect()) {
                total += Sql.count(connection, sql, parameters);
            }
        }
        return total;
    }

    @Override
    public void close() throws SQLException {
        for (MemoryDatabase partition : partitions) {
            partition.close();
        }
    }
}
