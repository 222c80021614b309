package workshop.kit.h2;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcConnectionPool;
import workshop.kit.Poll;

/**
 * A named in-memory H2 database that many threads use at once: a pool of connections (one per
 * concurrent transaction), and one connection held open so the data outlives every borrowed one.
 */
public final class MemoryDatabase implements AutoCloseable {

    private static final int MAX_CONNECTIONS = 64;
    /** Long enough that a transaction queued behind a row lock waits, even on a busy machine, instead of failing. */
    private static final int LOCK_TIMEOUT_MS = 60_000;
    private static final Duration GIVE_UP = Duration.ofSeconds(10);
    /** A lock queue forms within milliseconds: look often, without spinning a core. */
    private static final Duration INTERVAL = Duration.ofMillis(5);

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

    /** The single number a COUNT query answers, on a connection of its own. */
    public long count(String sql, Object... parameters) throws SQLException {
        try (Connection connection = connect()) {
            return Sql.count(connection, sql, parameters);
        }
    }

    /**
     * Waits until at least {@code count} sessions are waiting for a row lock that another
     * transaction holds, so the holder can commit knowing the others queued behind it. Returns
     * false without waiting further once {@code stopWaiting} is true (the contenders finished
     * without ever queueing); throws when neither happens within 10 s.
     */
    public boolean awaitBlockedSessions(int count, BooleanSupplier stopWaiting) throws SQLException {
        try (PreparedStatement blocked = keeper.prepareStatement(
                "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE BLOCKER_ID IS NOT NULL")) {
            return Poll.until(count + " session(s) to queue for a row lock in " + name, GIVE_UP).every(INTERVAL)
                    .get(() -> blockedSessions(blocked) >= count ? Optional.of(true)
                            : stopWaiting.getAsBoolean() ? Optional.of(false) : Optional.empty(),
                            "rerun; if it happens again, the machine is too busy: close other programs first");
        } catch (QueryFailed e) {
            throw e.getCause();
        }
    }

    private static int blockedSessions(PreparedStatement blocked) {
        try (ResultSet rows = blocked.executeQuery()) {
            rows.next();
            return rows.getInt(1);
        } catch (SQLException e) {
            throw new QueryFailed(e);
        }
    }

    /** Carries the query's SQLException out of the poll, which only takes unchecked ones. */
    private static final class QueryFailed extends RuntimeException {
        QueryFailed(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }

    @Override
    public void close() throws SQLException {
        pool.dispose();
        keeper.close();
    }
}
