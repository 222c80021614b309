package workshop.testkit;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;

/**
 * A session that keeps the statements the code ran through it while a test records, each with its
 * CQL and consistency level, and that can fail one chosen statement as the store would under load
 * (a timeout after the write was applied), so a test reaches the path the store takes only then.
 * Traces cannot show either: a trace has no consistency level, and a timeout cannot be ordered.
 */
public final class StatementLog {

    /** One statement as the code sent it; consistency null when it kept its profile's default. */
    public record Ran(String cql, ConsistencyLevel consistency) {

        private static final Pattern TABLE = Pattern.compile(
                "\\b(?:FROM|UPDATE|INTO)\\s+(?:\"?\\w+\"?\\.)?\"?(\\w+)", Pattern.CASE_INSENSITIVE);
        private static final Pattern CONDITIONAL = Pattern.compile(
                "^\\s*(?:UPDATE|INSERT|DELETE)\\b.*\\bIF\\b",
                Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

        /** The table it names, lower case; empty for a statement that names none. */
        public String table() {
            Matcher table = TABLE.matcher(cql);
            return table.find() ? table.group(1).toLowerCase(Locale.ROOT) : "";
        }

        /** A lightweight transaction: a write with an IF condition. */
        public boolean conditional() {
            return CONDITIONAL.matcher(cql).find();
        }

        public boolean read() {
            return cql.stripLeading().regionMatches(true, 0, "SELECT", 0, 6);
        }

        /** True when the read sees a Paxos proposal in flight settled first. */
        public boolean serial() {
            return consistency != null && consistency.isSerial();
        }

        /** The CQL on one line, and the consistency it ran at. */
        public String describe() {
            return cql.replaceAll("\\s+", " ").strip() + " (at "
                    + (consistency == null ? "the default consistency" : consistency.name()) + ")";
        }
    }

    /** What the work returned, and the statements it ran, in order. */
    public record Recorded<T>(T value, List<Ran> statements) {

        public List<Ran> on(String table) {
            return statements.stream().filter(s -> s.table().equals(table)).toList();
        }
    }

    private record Fault(Predicate<Ran> which, RuntimeException error) {}

    private final CqlSession session;
    private volatile List<Ran> recording;
    private final AtomicReference<Fault> fault = new AtomicReference<>();

    private StatementLog(CqlSession target) {
        this.session = Interposed.around(CqlSession.class, target, this::record,
                this::failIfChosen);
    }

    public static StatementLog around(CqlSession target) {
        return new StatementLog(target);
    }

    /** The session to give the code under test. */
    public CqlSession session() {
        return session;
    }

    /** Runs the work; returns its value and every statement it ran through {@link #session()}. */
    public <T> Recorded<T> record(Supplier<T> work) {
        List<Ran> ran = new CopyOnWriteArrayList<>();
        recording = ran;
        try {
            return new Recorded<>(work.get(), List.copyOf(ran));
        } finally {
            recording = null;
            fault.set(null);
        }
    }

    /**
     * The next statement that matches, recorded or not, runs as usual, then the error is thrown in
     * place of its result: the store applied it and the client never heard back. Disarmed when
     * the recording ends.
     */
    public void failAfterApplying(Predicate<Ran> which, RuntimeException error) {
        fault.set(new Fault(which, error));
    }

    private void record(Method method, Object[] args) {
        List<Ran> ran = recording;
        Ran statement = statementOf(method, args);
        if (ran != null && statement != null) {
            ran.add(statement);
        }
    }

    private void failIfChosen(Method method, Object[] args) {
        Fault armed = fault.get();
        Ran statement = statementOf(method, args);
        if (armed != null && statement != null && armed.which().test(statement)
                && fault.compareAndSet(armed, null)) {
            throw armed.error();
        }
    }

    /** The statement an execute call runs; null for any other call (prepare, metadata...). */
    private static Ran statementOf(Method method, Object[] args) {
        if (!method.getName().startsWith("execute") || args.length == 0) {
            return null;
        }
        if (args[0] instanceof String cql) {
            return new Ran(cql, null);
        }
        return args[0] instanceof Statement<?> statement
                ? new Ran(cqlOf(statement), statement.getConsistencyLevel()) : null;
    }

    private static String cqlOf(Statement<?> statement) {
        if (statement instanceof BoundStatement bound) {
            return bound.getPreparedStatement().getQuery();
        }
        if (statement instanceof SimpleStatement simple) {
            return simple.getQuery();
        }
        if (statement instanceof BatchStatement batch) {
            return "BATCH " + String.join("; ", StreamSupport.stream(batch.spliterator(), false)
                    .map(StatementLog::cqlOf).toList());
        }
        return statement.toString();
    }
}
