package workshop.room;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.Room;

/**
 * The room's checks on the shared cluster: workshop_room.checks, one partition per room, so the
 * instructor's grid is one partition read. Rows are clustered by learner, lesson and time, newest
 * first, so a learner's last check of a lesson is the first row of its group. The time is the
 * cluster's (a timeuuid from now()), so learners' laptop clocks never matter. Rows expire after two
 * weeks: a room is a workshop, not an archive. Only the instructor creates the table; a learner's
 * check only inserts (a learner role needs MODIFY on this table, nothing else of it).
 * Beside it, workshop_room.diagrams keeps each learner's latest drawing of their design, one row
 * per learner that every drawing overwrites, in the same one partition per room: the page lists
 * them with one read and serves one drawing with a read of one row.
 */
public final class RoomTable {

    public static final String KEYSPACE = "workshop_room";
    public static final String TABLE = KEYSPACE + ".checks";
    public static final String DIAGRAMS = KEYSPACE + ".diagrams";
    static final int TTL_SECONDS = 14 * 24 * 3600;

    private static final String INSERT = "INSERT INTO " + TABLE + " (room, learner, lesson, checked_at, task, passed,"
            + " tests_passed, tests_failed, failed_test, first_failure) VALUES (?, ?, ?, now(), ?, ?, ?, ?, ?, ?)";
    private static final String SELECT = "SELECT learner, checked_at, lesson, task, passed, tests_passed, tests_failed,"
            + " failed_test, first_failure FROM " + TABLE + " WHERE room = ?";
    private static final String DRAW = "INSERT INTO " + DIAGRAMS + " (room, learner, lesson, drawn_at, svg) VALUES (?, ?, ?, now(), ?)";
    private static final String DRAWINGS = "SELECT learner, lesson, drawn_at FROM " + DIAGRAMS + " WHERE room = ?";
    private static final String DRAWING = "SELECT svg FROM " + DIAGRAMS + " WHERE room = ? AND learner = ?";

    private final CqlSession session;

    private RoomTable(CqlSession session) {
        this.session = session;
    }

    /** Creates the keyspace and table if missing (the instructor's commands do), then opens it. */
    public static RoomTable create(CqlSession session) {
        long nodes = session.getMetadata().getNodes().size();
        session.execute(Keyspaces.schema("CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE + " WITH replication ="
                + " {'class': 'SimpleStrategy', 'replication_factor': " + Math.min(3, Math.max(1, nodes)) + "}"));
        session.execute(Keyspaces.schema("CREATE TABLE IF NOT EXISTS " + TABLE + " (room text, learner text, lesson text,"
                + " checked_at timeuuid, task text, passed boolean, tests_passed int, tests_failed int, failed_test text,"
                + " first_failure text, PRIMARY KEY ((room), learner, lesson, checked_at))"
                + " WITH CLUSTERING ORDER BY (learner ASC, lesson ASC, checked_at DESC)"
                + " AND default_time_to_live = " + TTL_SECONDS));
        session.execute(Keyspaces.schema("CREATE TABLE IF NOT EXISTS " + DIAGRAMS + " (room text, learner text, lesson text,"
                + " drawn_at timeuuid, svg text, PRIMARY KEY ((room), learner)) WITH default_time_to_live = " + TTL_SECONDS));
        Keyspaces.awaitSchemaAgreement(session);
        return new RoomTable(session);
    }

    /** Opens the table an instructor created; fails (the driver says the table is unknown) if there is none. */
    public static RoomTable open(CqlSession session) {
        return new RoomTable(session);
    }

    public void record(Room room, String learner, CheckResult result) {
        // Prepared on first use (the driver caches it): a learner's role may insert but not read.
        session.execute(session.prepare(INSERT).bind(room.name(), learner, result.lesson(), result.task().orElse(null), result.passed(),
                result.testsPassed(), result.testsFailed(), result.failedTest(), result.firstFailure()));
    }

    /** Keeps the drawing as the learner's latest, in place of the one before. */
    public void draw(Room room, String learner, String lesson, String svg) {
        session.execute(session.prepare(DRAW).bind(room.name(), learner, lesson, svg));
    }

    /** Each learner's latest drawing, by learner; the drawings themselves stay in the table. */
    public List<RoomDrawing> drawings(Room room) {
        List<RoomDrawing> drawings = new ArrayList<>();
        for (Row row : session.execute(session.prepare(DRAWINGS).bind(room.name()))) {
            drawings.add(new RoomDrawing(row.getString("learner"), row.getString("lesson"),
                    Instant.ofEpochMilli(Uuids.unixTimestamp(row.getUuid("drawn_at")))));
        }
        return drawings;
    }

    /** A learner's latest drawing, the SVG as their check wrote it. */
    public Optional<String> drawing(Room room, String learner) {
        return Optional.ofNullable(session.execute(session.prepare(DRAWING).bind(room.name(), learner)).one())
                .map(row -> row.getString("svg"));
    }

    /** Every check recorded in the room, grouped by learner and lesson, newest first within a group. */
    public List<RecordedCheck> checks(Room room) {
        List<RecordedCheck> checks = new ArrayList<>();
        for (Row row : session.execute(session.prepare(SELECT).bind(room.name()))) {
            checks.add(new RecordedCheck(row.getString("learner"), Instant.ofEpochMilli(Uuids.unixTimestamp(row.getUuid("checked_at"))),
                    new CheckResult(row.getString("lesson"), Optional.ofNullable(row.getString("task")), row.getBoolean("passed"),
                            row.getInt("tests_passed"), row.getInt("tests_failed"), text(row, "failed_test"), text(row, "first_failure"))));
        }
        return checks;
    }

    /** Forgets a room: every check and drawing recorded in it, so the next class starts from an empty grid. */
    public void reset(Room room) {
        session.execute(session.prepare("DELETE FROM " + TABLE + " WHERE room = ?").bind(room.name()));
        session.execute(session.prepare("DELETE FROM " + DIAGRAMS + " WHERE room = ?").bind(room.name()));
    }

    /** The cluster's clock, against which the grid measures how long someone has been stuck. */
    public Instant now() {
        Row row = session.execute("SELECT toTimestamp(now()) FROM system.local").one();
        return row == null ? Instant.now() : row.getInstant(0);
    }

    private static String text(Row row, String column) {
        return Optional.ofNullable(row.getString(column)).orElse("");
    }
}
