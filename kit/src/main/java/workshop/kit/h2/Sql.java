package workshop.kit.h2;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Prepared statements with bound values, in one line each, for lessons and tests that ask many small questions. */
public final class Sql {

    /** Reads one row of a result into a value. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    private Sql() {}

    /** The statement with parameters bound in order (setObject: UUID, LocalDate, LocalTime all work). */
    public static PreparedStatement prepare(Connection connection, String sql, Object... parameters) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement;
    }

    /** Runs an INSERT, UPDATE, DELETE or MERGE and returns the rows it changed. */
    public static int update(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        }
    }

    /** The first column of the first row as a number: for SELECT COUNT(*) and the like. */
    public static long count(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters); ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                throw new IllegalStateException("No row from " + sql);
            }
            return row.getLong(1);
        }
    }

    public static <T> List<T> list(Connection connection, RowReader<T> reader, String sql, Object... parameters)
            throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters); ResultSet rows = statement.executeQuery()) {
            List<T> values = new ArrayList<>();
            while (rows.next()) {
                values.add(reader.read(rows));
            }
            return values;
        }
    }
}
