package workshop.kit.h2;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * A named in-memory H2 database that many threads use at once: a pool of connections (one per
 * concurrent transaction), and one connection held open so the data outlives every borrowed one.
 */
public final class MemoryDatabase implements AutoCloseable {

    private static final int MAX_CONNECTIONS = 64;
    /** Long enough that a transaction queued behind a row lock waits, even on a busy machine, instead of failing. */
    private static final int LOCK_TIMEOUT_MS = 60_000;
    private static final Duration GIVE_UP = Duration.ofSeconds(10);

    private final String name;
    private final Connection keeper;
    private final JdbcConnectionPool pool;

    private MemoryDatabase(String name, Connection keeper, JdbcConnectionPool pool) {
        this.name = name;
        this.keeper = keeper;
        this.pool = pool;
    }

    public static MemoryDatabase open(String name) throws SQLException {
        Connection keeper = H2.memory(name);
        JdbcConnectionPool pool = JdbcConnectionPool.create(H2.memoryUrl(name) + ";LOCK_TIMEOUT=" + LOCK_TIMEOUT_MS, "sa", "");
        pool.setMaxConnections(MAX_CONNECTIONS);
        return new MemoryDatabase(name, keeper, pool);
    }

    public String name() {
        return name;
    }

    /** Hands out pooled connections; closing one returns it to the pool. */
    public DataSource dataSource() {
        return pool;
    }

    public Connection connect() throws SQLException {
        return pool.getConnection();
    }

    /**
     * Waits until at least {@code count} sessions are waiting for a row lock that another
     * transaction holds, so the holder can commit knowing the others queued behind it. Returns
     * false without waiting further once {@code stopWaiting} is true (the contenders finished
     * without ever queueing).
     */
    public boolean awaitBlockedSessions(int count, BooleanSupplier stopWaiting) throws SQLException {
        long deadline = System.nanoTime() + GIVE_UP.toNanos();
        try (PreparedStatement blocked = keeper.prepareStatement(
                "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE BLOCKER_ID IS NOT NULL")) {
            while (System.nanoTime() < deadline) {
                try (ResultSet rows = blocked.executeQuery()) {
                    rows.next();
                    if (rows.getInt(1) >= count) {
                        return true;
                    }
                }
                if (stopWaiting.getAsBoolean()) {
                    return false;
                }
                Thread.onSpinWait();
            }
        }
        throw new IllegalStateException("No " + count + " session(s) queued for a row lock in " + name + " within "
                + GIVE_UP.toSeconds() + " s, and none finished");
    }

    @Override
    public void close() throws SQLException {
        pool.dispose();
        keeper.close();
    }
}
