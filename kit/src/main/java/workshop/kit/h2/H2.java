package workshop.kit.h2;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.regex.Pattern;

/** The in-process relational store (H2) for the lessons that compare with a single database. */
public final class H2 {

    private static final Pattern SCAN_COUNT = Pattern.compile("scanCount: (\\d+)");

    private H2() {}

    /**
     * A named in-memory database that lives as long as any connection to it is open, so several
     * connections (threads, "partitions") can share it.
     */
    public static Connection memory(String name) throws SQLException {
        return DriverManager.getConnection(memoryUrl(name), "sa", "");
    }

    /** The JDBC URL of the named in-memory database {@link #memory(String)} opens. */
    public static String memoryUrl(String name) {
        return "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=0";
    }

    /**
     * Rows the engine read to answer the query, from EXPLAIN ANALYZE's scanCount (summed over
     * every table scan in the plan). Parameters are bound as in a prepared statement.
     */
    public static long rowsScanned(Connection connection, String sql, Object... parameters) throws SQLException {
        return SCAN_COUNT.matcher(plan(connection, sql, parameters)).results()
                .mapToLong(m -> Long.parseLong(m.group(1))).sum();
    }

    /** The plan EXPLAIN ANALYZE prints after running the query. */
    public static String plan(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement explain = Sql.prepare(connection, "EXPLAIN ANALYZE " + sql, parameters);
             ResultSet plan = explain.executeQuery()) {
            plan.next();
            return plan.getString(1);
        }
    }

}
