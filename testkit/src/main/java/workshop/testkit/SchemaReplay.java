package workshop.testkit;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PrepareRequest;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.cassandra.Keyspaces;

/**
 * A test class's keyspace, kept between checks instead of dropped and recreated each time (a
 * schema change costs seconds on a busy cluster). It remembers, in a file, the schema statements
 * the class ran into the empty keyspace and a fingerprint of the schema they produced. The next
 * check finds the keyspace reusable when its schema still has that fingerprint: it empties the
 * tables, and while the class runs the same statements in the same order, they are answered
 * without running them. The first statement that differs (the learner changed their table)
 * recreates the keyspace and runs everything for real; past the first data written, it keeps the
 * keyspace and drops what only the rest of the record created, so the class's rows stay (a class
 * that sets its store up twice, its tables changed since the last check, must not lose the rows it
 * loaded first). Whatever does not match the record, including a keyspace a broken run left
 * half-made, is dropped, so nothing leaks into the next check. A class that made conditional
 * writes gets a fresh keyspace each time: emptying a table keeps its Paxos state, which would show
 * in the next run's traces. Every schema change run for real waits until every node has applied it
 * (the kit's sessions do that for each one they run). All of this happens on the class's first
 * statement, not before: a class whose code fails before it sends one (a stub at its first TODO)
 * creates and empties nothing, and leaves the keyspace and its record as they were.
 */
final class SchemaReplay extends SessionWrapper implements CqlSession {

    /** Schema statements about tables and what hangs off them; keyspaces are this class's business, not the code's. */
    private static final Pattern DDL = Pattern.compile(
            "^\\s*(CREATE|ALTER|DROP)\\s+(TABLE|TYPE|INDEX|CUSTOM\\s+INDEX|MATERIALIZED\\s+VIEW)\\s", Pattern.CASE_INSENSITIVE);
    /** A keyspace-qualified name (ks.table): a statement naming another keyspace is not replayed. */
    private static final Pattern QUALIFIED = Pattern.compile("\\b([A-Za-z_]\\w*)\\s*\\.\\s*[A-Za-z_\"]");
    private static final Pattern CONDITION = Pattern.compile("\\bIF\\b", Pattern.CASE_INSENSITIVE);
    /** A statement that creates one named object: what a replay that stops early may have to drop again. */
    private static final Pattern CREATES = Pattern.compile(
            "^CREATE\\s+(TABLE|TYPE|INDEX|CUSTOM\\s+INDEX|MATERIALIZED\\s+VIEW)\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?"
                    + "(?:(?:\"[^\"]+\"|\\w+)\\s*\\.\\s*)?(\"[^\"]+\"|\\w+)", Pattern.CASE_INSENSITIVE);
    /** Dropped in this order: what hangs off a table before the table, the types tables use last. */
    private static final List<String> DROP_ORDER = List.of("INDEX", "MATERIALIZED VIEW", "TABLE", "TYPE");
    private static final String[] SCHEMA_TABLES = {"keyspaces", "tables", "columns", "indexes", "views", "types"};

    /** The classes' replays that are open now, so a check can ask whether any ran on tables its code did not create. */
    private static final Set<SchemaReplay> OPEN = ConcurrentHashMap.newKeySet();

    private final CqlSession admin;
    private final String keyspace;
    private final Path recordFile;
    /** The session the class's statements go to; opening it readies the keyspace (see {@link #ready}). */
    private final DeferredSession opened;
    private List<String> recorded = List.of();
    private final List<String> ran = new ArrayList<>();
    private boolean replaying;
    /** Whether the class made conditional writes: then the next check recreates the keyspace (see finish). */
    private volatile boolean conditional;
    /** Whether anything but schema ran since the keyspace was emptied: rows a recreate would lose. */
    private volatile boolean used;

    private SchemaReplay(DeferredSession opened, CqlSession admin, String workshopName, Path recordDir) {
        super(opened);
        this.opened = opened;
        this.admin = admin;
        // Named once, here: the class's namespace is the one it started in, whenever its keyspace is built.
        this.keyspace = Keyspaces.name(workshopName);
        this.recordFile = recordDir.resolve(keyspace + ".cql");
    }

    /**
     * A test class's session, whose first use makes the keyspace ready: reused and emptied when it
     * matches its record, recreated otherwise. connect opens the class's session once the keyspace exists.
     */
    static SchemaReplay open(CqlSession admin, String workshopName, Path recordDir,
                             Function<String, CqlSession> connect) {
        DeferredSession session = new DeferredSession();
        SchemaReplay replay = new SchemaReplay(session, admin, workshopName, recordDir);
        session.opensWith(() -> replay.ready(connect));
        OPEN.add(replay);
        return replay;
    }

    /** Readies the keyspace as {@link #open} says and connects to it; runs once, on the first use. */
    private CqlSession ready(Function<String, CqlSession> connect) {
        List<String> record = readRecord(recordFile);
        boolean reusable = !record.isEmpty() && record.get(0).equals(fingerprint(admin, keyspace));
        if (reusable) {
            for (Row table : admin.execute(SimpleStatement.newInstance(
                    "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?", keyspace))) {
                admin.execute(Keyspaces.schema("TRUNCATE " + CqlIdentifier.fromInternal(keyspace).asCql(true) + "."
                        + CqlIdentifier.fromInternal(table.getString("table_name")).asCql(true)));
            }
        } else {
            forget(recordFile);
            Keyspaces.recreateNamed(admin, keyspace);
        }
        recorded = reusable ? record.subList(1, record.size()) : List.of();
        replaying = !recorded.isEmpty();
        return connect.apply(keyspace);
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        opened.session(); // the keyspace is ready, and the record read, before a statement is looked at
        String ddl = request instanceof SimpleStatement simple && DDL.matcher(simple.getQuery()).find()
                ? normalized(simple.getQuery()) : null;
        if (ddl != null && !ownKeyspaceOnly(ddl)) {
            return super.execute(request, resultType);
        }
        if (ddl == null) {
            if (!conditional && isConditional(request)) {
                // Forgotten now, not after the class: a check stopped before then leaves no record to reuse.
                conditional = true;
                forget(recordFile);
            }
            used |= !(request instanceof PrepareRequest);
            return super.execute(request, resultType);
        }
        synchronized (this) {
            boolean same = replaying && ran.size() < recorded.size() && recorded.get(ran.size()).equals(ddl)
                    && Statement.SYNC.equals(resultType);
            if (same) {
                ran.add(ddl);
                @SuppressWarnings("unchecked")
                ResultT answered = (ResultT) EmptyResultSet.INSTANCE;
                return answered;
            }
            if (replaying) {
                goLive();
            }
            ResultT result = super.execute(request, resultType);
            ran.add(ddl);
            return result;
        }
    }

    /**
     * The learner's schema changed: from here on statements run for real. What was only answered
     * stands, since the record made it; what only the rest of the record made is dropped. Where that
     * rest is more than named objects created (an ALTER, a DROP, an index without a name), the keyspace
     * is recreated and what was answered runs again, unless rows were written: then the class's
     * results cannot count, and the next check starts from an empty keyspace.
     */
    private void goLive() {
        replaying = false;
        forget(recordFile);
        Optional<List<Created>> extra = createdByTheRestOnly();
        if (extra.isPresent()) {
            drop(extra.get());
            return;
        }
        if (used) {
            throw new SchemaChanged(keyspace);
        }
        Keyspaces.recreateNamed(admin, keyspace);
        for (String statement : ran) {
            super.execute(Keyspaces.schema(statement), Statement.SYNC);
        }
    }

    /** A schema object one statement created: its kind (TABLE, TYPE, INDEX, MATERIALIZED VIEW) and name as CQL. */
    private record Created(String kind, String name) {

        static Optional<Created> by(String statement) {
            Matcher created = CREATES.matcher(statement);
            if (!created.find()) {
                return Optional.empty();
            }
            String kind = created.group(1).toUpperCase(Locale.ROOT).replaceAll("\\s+", " ").replace("CUSTOM ", "");
            String name = CqlIdentifier.fromCql(created.group(2)).asCql(true);
            // CREATE INDEX ON t (c): Cassandra names it, and the name is not in the statement.
            return kind.equals("INDEX") && name.equalsIgnoreCase("on") ? Optional.empty() : Optional.of(new Created(kind, name));
        }
    }

    /** What the record's statements past those already answered created and those did not; empty if that cannot be told. */
    private Optional<List<Created>> createdByTheRestOnly() {
        List<Created> before = new ArrayList<>();
        for (String statement : ran) {
            Created.by(statement).ifPresent(before::add);
        }
        List<Created> extra = new ArrayList<>();
        for (String statement : recorded.subList(ran.size(), recorded.size())) {
            Optional<Created> created = Created.by(statement);
            if (created.isEmpty()) {
                return Optional.empty();
            }
            if (!before.contains(created.get()) && !extra.contains(created.get())) {
                extra.add(created.get());
            }
        }
        return Optional.of(extra);
    }

    private void drop(List<Created> objects) {
        String qualifier = CqlIdentifier.fromInternal(keyspace).asCql(true) + ".";
        for (String kind : DROP_ORDER) {
            for (Created object : objects) {
                if (object.kind().equals(kind)) {
                    admin.execute(Keyspaces.schema("DROP " + kind + " IF EXISTS " + qualifier + object.name()));
                }
            }
        }
    }

    /**
     * Called after the class: records what this run built, so the next check can reuse it. A replay
     * that stopped short of its record (the code now runs fewer schema statements) ran against
     * tables the code no longer creates: its results do not count. The record is forgotten, so
     * the rerun the exception asks for starts from an empty keyspace.
     */
    synchronized void finish() {
        if (!opened.isOpen()) {
            return; // nothing ran: the keyspace and its record are as the last check left them
        }
        if (replaying && ran.size() < recorded.size()) {
            forget(recordFile);
            throw new SchemaChanged(keyspace);
        }
        if (conditional) {
            // TRUNCATE keeps a table's Paxos state (per table id and partition), which would add steps
            // to the next run's traces: only a new table id clears it. Recreating just the tables is no
            // cheaper than the keyspace (a drop and a create per table against one of each and the creates).
            // The record was forgotten at the first conditional write; none is written.
            return;
        }
        if (replaying) {
            return;
        }
        List<String> record = new ArrayList<>();
        record.add(fingerprint(admin, keyspace));
        record.addAll(ran);
        try {
            Files.createDirectories(recordFile.getParent());
            Files.writeString(recordFile, String.join("\n;\n", record));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * False while some open class's tests run on tables its code has not created: its statements so
     * far were answered from the record, which made more. Such a class ends in {@link SchemaChanged}
     * and its check runs again, so no result of it counts yet.
     */
    static boolean noneShortOfRecord() {
        return OPEN.stream().noneMatch(SchemaReplay::shortOfRecord);
    }

    private synchronized boolean shortOfRecord() {
        return replaying && ran.size() < recorded.size();
    }

    /**
     * Closes in the background: nothing after a test class needs to wait for its connections to wind
     * down. The admin session, lent to a class, stays open for the next ones.
     */
    @Override
    public void close() {
        OPEN.remove(this);
        if (opened.isOpen() && opened.session() != admin) {
            closeAsync();
        }
    }

    private static List<String> readRecord(Path file) {
        try {
            return Files.exists(file) ? List.of(Files.readString(file).split("\n;\n")) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static void forget(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean ownKeyspaceOnly(String ddl) {
        Matcher names = QUALIFIED.matcher(ddl);
        while (names.find()) {
            if (!names.group(1).equalsIgnoreCase(keyspace)) {
                return false;
            }
        }
        return true;
    }

    /** A conditional write (a lightweight transaction), whether run as text, prepared, or in a batch. */
    private static boolean isConditional(Request request) {
        if (request instanceof SimpleStatement simple) {
            return CONDITION.matcher(simple.getQuery()).find();
        }
        if (request instanceof BoundStatement bound) {
            return CONDITION.matcher(bound.getPreparedStatement().getQuery()).find();
        }
        if (request instanceof PrepareRequest prepare) {
            return CONDITION.matcher(prepare.getQuery()).find();
        }
        boolean any = false;
        if (request instanceof BatchStatement batch) {
            for (BatchableStatement<?> statement : batch) {
                any |= isConditional(statement);
            }
        }
        return any;
    }

    /** One line per statement, so formatting alone never counts as a change. */
    private static String normalized(String cql) {
        return cql.strip().replaceAll("\\s+", " ");
    }

    /**
     * A digest of everything the cluster knows about the keyspace's schema, table ids included: a
     * table dropped and recreated by anyone, or altered, gets a new fingerprint.
     */
    static String fingerprint(CqlSession session, String keyspace) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String table : SCHEMA_TABLES) {
                ResultSet rows = session.execute(SimpleStatement.newInstance(
                        "SELECT * FROM system_schema." + table + " WHERE keyspace_name = ?", keyspace));
                List<String> lines = new ArrayList<>();
                rows.forEach(row -> lines.add(row.getFormattedContents()));
                lines.sort(null);
                lines.forEach(line -> digest.update((table + line).getBytes(StandardCharsets.UTF_8)));
            }
            return "-- schema " + HexFormat.of().formatHex(digest.digest()).toLowerCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
