package workshop.kit.cost;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A session that measures code statement by statement: while {@link #record} runs, each statement
 * run through it is traced on its own, so a lesson can show what every step of someone else's code
 * (a reference solution) read and wrote, in the order it ran, without a copy of that code.
 */
public final class StatementSteps extends SessionWrapper implements CqlSession {

    private static final Pattern TABLE = Pattern.compile("\\b(?:FROM|INTO|UPDATE)\\s+(\\w+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern CONDITION = Pattern.compile("\\bIF\\s+(.+)$", Pattern.CASE_INSENSITIVE);

    /**
     * One statement and what it cost.
     *
     * @param query   its CQL, on one line
     * @param applied for a conditional write, whether it applied; null for any other statement
     */
    public record Step(String query, Boolean applied, QueryCost cost) {

        /** "UPDATE channel_head IF high_water_seq = ?": what the statement does, short enough for a table cell. */
        public String summary() {
            Matcher table = TABLE.matcher(query);
            Matcher condition = CONDITION.matcher(query);
            return query.split(" ", 2)[0].toUpperCase(Locale.ROOT) + (table.find() ? " " + table.group(1) : "")
                    + (condition.find() ? " IF " + condition.group(1) : "");
        }

        /** Whether it is a read of the table. */
        public boolean reads(String table) {
            Matcher named = TABLE.matcher(query);
            return query.regionMatches(true, 0, "SELECT", 0, 6) && named.find() && named.group(1).equalsIgnoreCase(table);
        }

        /** "yes", "no", or "-" for a statement that is not conditional. */
        public String appliedText() {
            return applied == null ? "-" : applied ? "yes" : "no";
        }
    }

    /** What the work returned, and its statements in the order they ran. */
    public record Recorded<T>(T value, List<Step> steps) {

        public QueryCost cost() {
            return QueryCost.sum(steps.stream().map(Step::cost).toList());
        }
    }

    private final TracingSession traced;
    private final ThreadLocal<List<Step>> recording = new ThreadLocal<>();
    private final ThreadLocal<BiConsumer<List<Step>, Step>> afterStep = new ThreadLocal<>();

    public StatementSteps(TracingSession traced) {
        super(traced);
        this.traced = traced;
    }

    /** Runs the work and returns its value with every statement it ran on this thread, each measured alone. */
    public <T> Recorded<T> record(Supplier<T> work) {
        return record(work, (steps, last) -> { });
    }

    /**
     * As {@link #record(Supplier)}, and runs between once (unrecorded), right after the work's first
     * read of the table: a race that happens once in a while, made to happen every time.
     */
    public <T> Recorded<T> record(Supplier<T> work, String readOf, Runnable between) {
        return record(work, (steps, last) -> {
            if (last.reads(readOf)) {
                afterStep.remove();
                recording.remove();
                try {
                    between.run();
                } finally {
                    recording.set(steps);
                }
            }
        });
    }

    private <T> Recorded<T> record(Supplier<T> work, BiConsumer<List<Step>, Step> after) {
        List<Step> steps = new ArrayList<>();
        recording.set(steps);
        afterStep.set(after);
        try {
            T value = work.get();
            return new Recorded<>(value, List.copyOf(steps));
        } finally {
            recording.remove();
            afterStep.remove();
        }
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        List<Step> steps = recording.get();
        if (steps == null || !(request instanceof Statement<?> statement) || Statement.ASYNC.equals(resultType)) {
            return super.execute(request, resultType);
        }
        Measured<ResultT> measured = traced.measure(() -> traced.execute(statement, resultType));
        ResultT result = measured.value();
        String query = queryOf(statement);
        boolean conditional = CONDITION.matcher(query).find();
        Boolean applied = conditional && result instanceof ResultSet rows ? rows.wasApplied() : null;
        Step step = new Step(query, applied, measured.cost());
        steps.add(step);
        BiConsumer<List<Step>, Step> after = afterStep.get();
        if (after != null) {
            after.accept(steps, step);
        }
        return result;
    }

    private static String queryOf(Statement<?> statement) {
        String query = statement instanceof BoundStatement bound ? bound.getPreparedStatement().getQuery()
                : statement instanceof SimpleStatement simple ? simple.getQuery() : statement.toString();
        return query.strip().replaceAll("\\s+", " ");
    }
}
