package workshop.kit.h2;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What H2's plan says about one query: the index it used, whether that index delivered the order
 * (so the engine could stop early), and the rows it read.
 */
public record PlanLine(String index, String sorted, long rowsRead) {

    private static final Pattern INDEX = Pattern.compile("/\\* PUBLIC\\.(\\w+)");

    public static PlanLine of(Connection h2, String sql, Object... parameters) throws SQLException {
        String plan = H2.plan(h2, sql, parameters);
        Matcher index = INDEX.matcher(plan);
        return new PlanLine(index.find() ? index.group(1) : "none", plan.contains("/* index sorted */") ? "yes" : "no",
                H2.rowsScanned(h2, sql, parameters));
    }
}
