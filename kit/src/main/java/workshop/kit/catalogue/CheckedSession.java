package workshop.kit.catalogue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import com.datastax.oss.protocol.internal.util.Bytes;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;

/**
 * The session a catalogue is given. Outside a check it is the plain session (loading data is not
 * traced); while a pattern runs it sends every statement through the tracing session, synchronous
 * or asynchronous, and notes which tables and partition each one names and when it was in flight,
 * so two reads of the same partition count as one and reads sent side by side show as parallel.
 */
final class CheckedSession extends SessionWrapper implements CqlSession {

    private static final Pattern TABLE = Pattern.compile("\\b(?:FROM|INTO|UPDATE)\\s+(?:\"?\\w+\"?\\.)?\"?(\\w+)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern LIMIT = Pattern.compile("\\bLIMIT\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern WRITE = Pattern.compile("^\\s*(INSERT|UPDATE|DELETE)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern FILTERING = Pattern.compile("\\bALLOW\\s+FILTERING\\b", Pattern.CASE_INSENSITIVE);
    /** How long an observation waits for the end of a statement the code sent and did not wait for. */
    private static final long END_WAIT_MS = 5_000;

    /**
     * One statement (or one statement of a batch) sent while measuring.
     *
     * @param write     an INSERT, UPDATE or DELETE, rather than a SELECT
     * @param tables    the tables it names
     * @param key       its partition key, in hex; null when the driver does not know it (a statement with literal values)
     * @param limited   whether its CQL stops at a LIMIT
     * @param filtering whether its CQL says ALLOW FILTERING
     * @param started   when it was sent (System.nanoTime)
     * @param ended     when its first page came back; for an asynchronous one, when the code could first see it
     */
    private record Sent(boolean write, Set<String> tables, String key, boolean limited, boolean filtering, long started,
                        CompletableFuture<Long> ended) {

        /** The partition, "table:key", when the key and its single table are known. */
        String partition() {
            return key == null || tables.size() != 1 ? null : tables.iterator().next() + ":" + key;
        }
    }

    private final TracingSession traced;
    private volatile List<List<Sent>> sent;
    /** The thread running the pattern's code: its asynchronous results reach it when it waits (see {@link Handover}). */
    private volatile Thread observer;

    CheckedSession(TracingSession traced) {
        super(traced.plain());
        this.traced = traced;
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        List<List<Sent>> recording = sent;
        if (recording == null) {
            return super.execute(request, resultType);
        }
        if (!(request instanceof Statement<?> statement)) {
            return traced.execute(request, resultType); // preparing a statement: nothing is read or written
        }
        long started = System.nanoTime();
        CompletableFuture<Long> ended = new CompletableFuture<>();
        recording.add(sent(statement, started, ended));
        ResultT result;
        try {
            result = traced.execute(request, resultType);
        } catch (RuntimeException failed) {
            ended.complete(System.nanoTime());
            throw failed;
        }
        if (result instanceof CompletionStage<?> stage && Thread.currentThread() == observer) {
            @SuppressWarnings("unchecked") // the same type the driver returned: a stage of its result
            ResultT seen = (ResultT) Handover.toWaiting(observer, stage, () -> ended.complete(System.nanoTime()));
            return seen;
        } else if (result instanceof CompletionStage<?> stage) {
            stage.whenComplete((page, error) -> ended.complete(System.nanoTime()));
        } else {
            ended.complete(System.nanoTime());
        }
        return result;
    }

    /** What one run touched, and the value its code returned (a future's, once it completed). */
    record Ran(Observation seen, Object returned) {}

    /** Runs the code with tracing and reports what its statements touched, and how long it took. */
    Ran observe(Supplier<?> run) {
        List<List<Sent>> recording = new CopyOnWriteArrayList<>();
        observer = Thread.currentThread();
        sent = recording;
        long[] took = new long[2];
        Object[] returned = new Object[1];
        try {
            QueryCost cost = traced.measure(() -> {
                took[0] = System.nanoTime();
                Object value = run.get();
                // asynchronous code answers when its future completes
                returned[0] = value instanceof CompletionStage<?> stage ? stage.toCompletableFuture().join() : value;
                took[1] = System.nanoTime();
            });
            return new Ran(observation(cost, recording, took[0], took[1]), returned[0]);
        } catch (RuntimeException thrown) {
            return new Ran(Observation.failed(thrown instanceof CompletionException && thrown.getCause() != null
                    ? thrown.getCause() : thrown), null);
        } finally {
            sent = null;
            observer = null;
        }
    }

    private static Observation observation(QueryCost cost, List<List<Sent>> statements, long started, long returned) {
        List<Sent> all = statements.stream().flatMap(List::stream).toList();
        Set<String> tables = new TreeSet<>();
        Set<String> read = new HashSet<>();
        Set<String> written = new HashSet<>();
        Set<String> keysWritten = new HashSet<>();
        boolean readKeysKnown = true;
        boolean writeKeysKnown = true;
        boolean everyReadLimited = true;
        boolean filtering = false;
        long finished = returned;
        List<long[]> inFlight = new ArrayList<>();
        for (Sent statement : all) {
            tables.addAll(statement.tables());
            String partition = statement.partition();
            if (statement.write()) {
                writeKeysKnown &= partition != null;
                if (partition != null) {
                    written.add(partition);
                    keysWritten.add(statement.key());
                }
            } else {
                readKeysKnown &= partition != null;
                if (partition != null) {
                    read.add(partition);
                }
                everyReadLimited &= statement.limited();
            }
            filtering |= statement.filtering();
            long ended = endOf(statement);
            finished = Math.max(finished, ended);
            inFlight.add(new long[] {statement.started(), ended});
        }
        // Keys only say which partition was read when each request read exactly one.
        boolean keysTell = readKeysKnown && cost.rangeScans() == 0 && cost.partitionsRead() <= cost.requests();
        int distinct = keysTell ? read.size() : cost.partitionsRead();
        int partitionsWritten = writeKeysKnown ? written.size() : (int) cost.partitionWrites();
        return new Observation(cost, distinct, partitionsWritten, writeKeysKnown ? keysWritten.size() : partitionsWritten,
                tables, statements.size(), everyReadLimited, filtering, mostAtOnce(inFlight),
                Duration.ofNanos(finished - started), null);
    }

    private static long endOf(Sent statement) {
        try {
            return statement.ended().get(END_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return System.nanoTime();
        } catch (Exception stillRunning) {
            return System.nanoTime();
        }
    }

    /** The most statements that were in flight at the same moment. */
    static int mostAtOnce(List<long[]> intervals) {
        List<long[]> events = new ArrayList<>();
        for (long[] interval : intervals) {
            events.add(new long[] {interval[0], 1});
            events.add(new long[] {interval[1], -1});
        }
        // At the same instant an end comes before a start: a statement sent as the last returns waited for it.
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int now = 0;
        int most = 0;
        for (long[] event : events) {
            now += (int) event[1];
            most = Math.max(most, now);
        }
        return most;
    }

    /** What the statement names: one entry, or one per statement of a batch. */
    private static List<Sent> sent(Statement<?> statement, long started, CompletableFuture<Long> ended) {
        if (statement instanceof BatchStatement batch) {
            List<Sent> children = new ArrayList<>();
            for (BatchableStatement<?> child : batch) {
                children.addAll(sent(child, started, ended));
            }
            return children;
        }
        String cql = statement instanceof BoundStatement bound ? bound.getPreparedStatement().getQuery()
                : statement instanceof SimpleStatement simple ? simple.getQuery() : "";
        Set<String> tables = new TreeSet<>();
        String key = null;
        if (statement instanceof BoundStatement bound) {
            bound.getPreparedStatement().getResultSetDefinitions().forEach(column -> tables.add(tableOf(column)));
            bound.getPreparedStatement().getVariableDefinitions().forEach(column -> tables.add(tableOf(column)));
            ByteBuffer routing = bound.getRoutingKey();
            key = routing == null ? null : Bytes.toHexString(routing.duplicate());
        }
        if (tables.isEmpty()) {
            Matcher named = TABLE.matcher(cql);
            if (named.find()) {
                tables.add(named.group(1).toLowerCase(Locale.ROOT));
            }
        }
        return List.of(new Sent(WRITE.matcher(cql).find(), tables, key, LIMIT.matcher(cql).find(), FILTERING.matcher(cql).find(), started, ended));
    }

    private static String tableOf(ColumnDefinition column) {
        return column.getTable().asInternal();
    }
}
