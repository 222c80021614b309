///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/chat/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN tombstones
//DESCRIPTION Appendix to lesson 04: the tombstones a moved chat leaves, read by every Q2, measured

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import workshop.fixtures.chat.AnasChats;
import workshop.fixtures.chat.ChatListTables;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodeMetrics;
import workshop.kit.cassandra.NodeMetrics.TombstoneThresholds;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

/** The deletes of lesson 04's chat moves, counted in Q2's trace, and what an expert does instead. */
class tombstones {

    static final String KS = "lesson04b";
    static final String ANA = AnasChats.ANA;
    static final int FIRST_PAGE = 20;
    /** Ana writes in a handful of her chats; the rest keep the place their last message gave them. */
    static final int ACTIVE_CHATS = 5;
    /** Moves over the last ten days (gc_grace_seconds' default), measured after each step. */
    static final int[] MOVES_SO_FAR = {150, 600, 1_100};
    static final int JOBS = 1_500;
    static final int JOBS_DONE = 1_200;
    /** The short gc_grace_seconds of the scratch table, and the TTL of the expiring jobs. */
    static final int SHORT_SECONDS = 1;
    /** How far back the day-bucket reader walks before it gives up on filling a page. */
    static final int DAYS_BACK_AT_MOST = 60;

    public static void main(String... args) {
        Failures.guard(tombstones::run);
    }

    static void run() {
        Story.title("04b", "appendix: tombstones, measured");
        Story.say("""
                Lesson 04 moves a chat to the top of its members' lists by deleting its old row and
                inserting a new one. A delete in Cassandra writes a marker, a tombstone, that every
                read of the partition must step over until compaction may drop it, which it does only
                after gc_grace_seconds (ten days by default). Here Ana's list gets %,d moves over ten
                days, and Q2's trace counts what each read steps over.""", MOVES_SO_FAR[MOVES_SO_FAR.length - 1]);
        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            String keyspace = Keyspaces.recreateAndUse(session, KS);
            tombstones lesson = new tombstones(session, NodeMetrics.of(cassandra, session), keyspace);
            lesson.movesLeaveTombstones();
            lesson.theWarning();
            lesson.theAlternatives();
            lesson.flushAndCompaction();
            lesson.theQueue();
            lesson.recap.print("./jbang check 04b   (lessons/04b-tombstones/src), then ./jbang lesson04d");
        }
    }

    /** One move of one chat in Ana's list: from where its last message had put it to the new message's time. */
    record Move(String chat, Instant from, Instant to) {}

    private final CqlSession session;
    private final TracingSession traced;
    private final NodeMetrics nodes;
    private final String keyspace;
    private final Recap recap = Recap.measured();
    private final List<String> chats = new ArrayList<>(AnasChats.generate().keySet());
    private final Map<String, Instant> firstPlace = new HashMap<>();
    private final List<Move> moves = new ArrayList<>();
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    private PreparedStatement insertEntry;
    private PreparedStatement deleteEntry;
    private final ChatListTables lesson04Tables;
    private QueryCost deletedAndInserted;
    private TombstoneThresholds thresholds;

    tombstones(CqlSession session, NodeMetrics nodes, String keyspace) {
        this.session = session;
        this.traced = new TracingSession(session);
        this.nodes = nodes;
        this.keyspace = keyspace;
        this.lesson04Tables = new ChatListTables(session);
    }

    void movesLeaveTombstones() {
        Story.section("Every move leaves a tombstone where the chat used to be");
        lesson04Tables.createTables();
        insertEntry = session.prepare("INSERT INTO chat_lists (user_id, last_message_at, conversation_id) VALUES (?, ?, ?)");
        deleteEntry = session.prepare("DELETE FROM chat_lists WHERE user_id = ? AND last_message_at = ? AND conversation_id = ?");
        // Lesson 04's chat_lists. Her 200 chats last had a message 11 to 40 days ago, before the ten days of moves.
        for (int i = 0; i < chats.size(); i++) {
            firstPlace.put(chats.get(i), now.minus(Duration.ofDays(11)).minus(Duration.ofHours(i * 30L * 24 / chats.size())));
        }
        planMoves();
        write("Ana's list", chats.size(), i -> placed(insertEntry.bind(ANA, firstPlace.get(chats.get((int) i)), chats.get((int) i)),
                firstPlace.get(chats.get((int) i))));
        TextTable growth = TextTable.of("moves so far", "Q2 live rows read", "tombstone cells read");
        QueryCost before = q2();
        growth.row(0, before.rowsRead(), before.tombstonesRead());
        int applied = 0;
        for (int upTo : MOVES_SO_FAR) {
            int from = applied;
            write("moves", 2L * (upTo - from), i -> moveWrite(moves.get(from + (int) (i / 2)), i % 2 == 0));
            applied = upTo;
            QueryCost cost = q2();
            growth.row(upTo, cost.rowsRead(), cost.tombstonesRead());
            deletedAndInserted = cost;
        }
        growth.print();
        Story.say("""
                She writes in %d of her chats, so the first page is those %d and %d quieter ones below.
                Every move deleted the row the chat had a moment before, near the top: the tombstones
                pile up above the quiet rows, and Q2 steps over all of them to fill its page of %d. The
                page did not change size; what it reads grew with every message she received.""",
                ACTIVE_CHATS, ACTIVE_CHATS, FIRST_PAGE - ACTIVE_CHATS, FIRST_PAGE);
        recap.line("%,d moves in ten days: Q2 read %d live rows and %,d tombstone cells",
                moves.size(), deletedAndInserted.rowsRead(), deletedAndInserted.tombstonesRead());
    }

    /** Moves spread evenly over the last ten days, each in one of her active chats, the same on every run. */
    private void planMoves() {
        Random random = new Random(46);
        Map<String, Instant> place = new HashMap<>(firstPlace);
        int total = MOVES_SO_FAR[MOVES_SO_FAR.length - 1];
        Duration step = Duration.ofDays(10).dividedBy(total + 1);
        Instant start = now.minus(Duration.ofDays(10));
        for (int i = 1; i <= total; i++) {
            String chat = chats.get(random.nextInt(ACTIVE_CHATS));
            Instant to = start.plus(step.multipliedBy(i));
            moves.add(new Move(chat, place.get(chat), to));
            place.put(chat, to);
        }
    }

    /**
     * The delete or the insert of a move. Each carries the move's time as its write time, so the
     * writes may land in any order: a later move's delete always outranks an earlier move's insert.
     */
    private BoundStatement moveWrite(Move move, boolean delete) {
        return placed(delete ? deleteEntry.bind(ANA, move.from(), move.chat()) : insertEntry.bind(ANA, move.to(), move.chat()),
                move.to());
    }

    /** A write stamped with the time of the message behind it, not the time this lesson sends it. */
    private static BoundStatement placed(BoundStatement write, Instant at) {
        return write.setQueryTimestamp(TimeUnit.MILLISECONDS.toMicros(at.toEpochMilli()));
    }

    private void write(String what, long count, java.util.function.LongFunction<BoundStatement> statement) {
        BulkWriter.write(session, "writing " + what, count, statement::apply);
    }

    private QueryCost q2() {
        return q2Read().cost();
    }

    private Measured<ResultSet> q2Read() {
        return traced.measure(() -> traced.execute(lesson04Tables.chatList(ANA, FIRST_PAGE)));
    }

    void theWarning() {
        Story.section("The node's warning, and the read it refuses");
        thresholds = nodes.tombstoneThresholds();
        Measured<ResultSet> read = q2Read();
        Optional<String> warning = tombstoneWarning(read);
        Story.say("""
                The node counts the tombstones each read crosses. Past tombstone_warn_threshold (%,d on
                this node) it logs the read and sends the client a warning; past
                tombstone_failure_threshold (%,d) it refuses the read outright, and Q2 fails for every
                user whose list got that busy. Q2 just read %,d tombstone cells. The node said:""",
                thresholds.warn(), thresholds.failure(), read.cost().tombstonesRead());
        warning.ifPresentOrElse(w -> Story.wrap(w, 96).forEach(line -> System.out.println("  " + line)),
                () -> System.out.println("  nothing: no read crossed the threshold on this run"));
        double perMove = (double) deletedAndInserted.tombstonesRead() / moves.size();
        Story.say("""
                That is %.2f tombstone cells read per move, and ten days of moves stay readable. So every
                list that receives more than about %,d messages a day in a few chats warns on every
                read, and one past about %,d a day (a member of a few busy groups) is refused: Q2
                fails for that user.""",
                perMove, Math.round(thresholds.warn() / perMove / 10), Math.round(thresholds.failure() / perMove / 10));
        recap.line("tombstone_warn_threshold %,d: %s; tombstone_failure_threshold %,d refuses the read",
                thresholds.warn(), warning.isPresent() ? "the node warned" : "no warning this run", thresholds.failure());
    }

    void theAlternatives() {
        Story.section("What an expert weighs instead, each with the same moves");
        session.execute(schema("""
                CREATE TABLE chats_in_place (user_id text, conversation_id text, last_message_at timestamp,
                  PRIMARY KEY ((user_id), conversation_id))"""));
        session.execute(schema("""
                CREATE TABLE chats_by_day (user_id text, day date, last_message_at timestamp, conversation_id text,
                  PRIMARY KEY ((user_id, day), last_message_at, conversation_id))
                WITH CLUSTERING ORDER BY (last_message_at DESC, conversation_id ASC)"""));
        PreparedStatement setPlace = session.prepare(
                "UPDATE chats_in_place SET last_message_at = ? WHERE user_id = ? AND conversation_id = ?");
        PreparedStatement all = session.prepare("SELECT conversation_id, last_message_at FROM chats_in_place WHERE user_id = ?");
        PreparedStatement insertDay = session.prepare(
                "INSERT INTO chats_by_day (user_id, day, last_message_at, conversation_id) VALUES (?, ?, ?, ?)");
        PreparedStatement deleteDay = session.prepare(
                "DELETE FROM chats_by_day WHERE user_id = ? AND day = ? AND last_message_at = ? AND conversation_id = ?");
        PreparedStatement dayPage = session.prepare(
                "SELECT conversation_id FROM chats_by_day WHERE user_id = ? AND day = ? LIMIT ?");

        List<BoundStatement> inPlace = new ArrayList<>();
        List<BoundStatement> byDay = new ArrayList<>();
        chats.forEach(chat -> {
            inPlace.add(placed(setPlace.bind(firstPlace.get(chat), ANA, chat), firstPlace.get(chat)));
            byDay.add(placed(insertDay.bind(ANA, day(firstPlace.get(chat)), firstPlace.get(chat), chat), firstPlace.get(chat)));
        });
        for (Move move : moves) {
            inPlace.add(placed(setPlace.bind(move.to(), ANA, move.chat()), move.to()));
            // Only a move within one day deletes: a row in an older day's partition stays, and the reader skips it.
            if (day(move.from()).equals(day(move.to()))) {
                byDay.add(placed(deleteDay.bind(ANA, day(move.from()), move.from(), move.chat()), move.to()));
            }
            byDay.add(placed(insertDay.bind(ANA, day(move.to()), move.to(), move.chat()), move.to()));
        }
        write("the lists updated in place", inPlace.size(), i -> inPlace.get((int) i));
        write("the lists by day", byDay.size(), i -> byDay.get((int) i));

        Measured<List<String>> sorted = traced.measure(() -> traced.execute(all.bind(ANA)).all().stream()
                .sorted(java.util.Comparator.comparing((Row r) -> r.getInstant("last_message_at")).reversed())
                .limit(FIRST_PAGE).map(r -> r.getString("conversation_id")).toList());
        Measured<List<String>> walked = traced.measure(() -> {
            Set<String> page = new LinkedHashSet<>();
            LocalDate day = day(now);
            for (int back = 0; page.size() < FIRST_PAGE && back < DAYS_BACK_AT_MOST; back++, day = day.minusDays(1)) {
                traced.execute(dayPage.bind(ANA, day, FIRST_PAGE)).forEach(r -> page.add(r.getString("conversation_id")));
            }
            return page.stream().limit(FIRST_PAGE).toList();
        });
        List<String> truth = stored(() -> session.execute(lesson04Tables.chatList(ANA, FIRST_PAGE)).all());
        TextTable.of("Q2, a page of " + FIRST_PAGE, "partitions", "live rows", "tombstones", "same page", "a move writes")
                .row("delete + insert (lesson 04)", deletedAndInserted.partitionsRead(),
                        deletedAndInserted.rowsRead(), deletedAndInserted.tombstonesRead(), "-", "delete + insert")
                .row("in place, the app sorts", sorted.cost().partitionsRead(), sorted.cost().rowsRead(),
                        sorted.cost().tombstonesRead(), same(sorted.value(), truth), "1 update")
                .row("a partition a day", walked.cost().partitionsRead(), walked.cost().rowsRead(),
                        walked.cost().tombstonesRead(), same(walked.value(), truth), "insert (+ delete)")
                .print();
        Story.say("""
                Updated in place, a chat keeps one row; the new time overwrites the old cell, and an
                overwrite leaves no tombstone. Q2 then reads all %d of her rows and sorts them itself:
                a fixed cost, set by how many chats a user may be in. At a few hundred rows that is
                cheap and never grows with the messages; at thousands of chats it is not. The brief
                decides: with a cap on chats per user, this is the design that reads least over ten
                days of busy lists.""", sorted.cost().rowsRead());
        Story.say("""
                A partition a day keeps a day's moves in that day's partition (a move within a day
                deletes, a move from an older day leaves the old row for the reader to skip), so no
                partition holds more than a day of tombstones. But Q2 must walk back day by day until
                its page is full: %d partitions, %,d rows and %,d tombstone cells here, because her
                quiet chats sit behind ten busy days. A bucket bounds what one partition holds, not
                what a reader that walks back crosses. Buckets pay off when the reader moves forward
                with time and never returns, as a queue's consumer does below.""",
                walked.cost().partitionsRead(), walked.cost().rowsRead(), walked.cost().tombstonesRead());
        recap.line("in place + sorted by the app: %,d rows, %,d tombstones; by day: %d partitions, %,d rows, %,d tombstones",
                sorted.cost().rowsRead(), sorted.cost().tombstonesRead(), walked.cost().partitionsRead(),
                walked.cost().rowsRead(), walked.cost().tombstonesRead());
    }

    private static LocalDate day(Instant at) {
        return LocalDate.ofInstant(at, ZoneOffset.UTC);
    }

    private static List<String> stored(Supplier<List<Row>> read) {
        return read.get().stream().map(r -> r.getString("conversation_id")).toList();
    }

    private static String same(List<String> page, List<String> truth) {
        return page.equals(truth) ? "yes" : "NO";
    }

    void flushAndCompaction() {
        Story.section("Flush, compaction and gc_grace_seconds");
        TextTable steps = TextTable.of("after", "Q2 live rows read", "tombstone cells read");
        steps.row("the moves, in memory (memtable)", deletedAndInserted.rowsRead(), deletedAndInserted.tombstonesRead());
        nodes.flush(keyspace, "chat_lists");
        QueryCost flushed = q2();
        steps.row("a flush to disk (nodetool flush)", flushed.rowsRead(), flushed.tombstonesRead());
        nodes.flushAndCompact(keyspace, "chat_lists");
        QueryCost compacted = q2();
        int gcGrace = session.execute("SELECT gc_grace_seconds FROM system_schema.tables WHERE keyspace_name = ?"
                + " AND table_name = 'chat_lists'", keyspace).one().getInt("gc_grace_seconds");
        steps.row(String.format("a compaction, gc_grace_seconds %,d", gcGrace), compacted.rowsRead(), compacted.tombstonesRead());
        session.execute(schema("ALTER TABLE chat_lists WITH gc_grace_seconds = " + SHORT_SECONDS));
        pause(Duration.ofSeconds(SHORT_SECONDS + 1));
        nodes.flushAndCompact(keyspace, "chat_lists");
        QueryCost purged = q2();
        steps.row(String.format("a compaction, gc_grace_seconds %d", SHORT_SECONDS), purged.rowsRead(), purged.tombstonesRead());
        steps.print();
        Story.say("""
                A flush writes the tombstones to disk with the rest; a compaction keeps them while they
                are younger than gc_grace_seconds, because a replica that was down when the delete
                happened may still hold the old row, and only the tombstone tells repair that it is
                gone. Dropped too early, the deleted row comes back from that replica. Here, on a
                scratch table, a grace of %d s let the compaction drop them. In production the grace
                stays longer than the time between two repairs, so the design has to live with ten
                days of tombstones.""", SHORT_SECONDS);
        NodesSeen.onOneNode(session, "On one node no replica can miss a delete; on three, each node compacts its own copy.")
                .ifPresent(Story::say);
        recap.line("flush: %,d tombstone cells read; compaction at %,d s grace: %,d; at %d s grace: %,d",
                flushed.tombstonesRead(), gcGrace, compacted.tombstonesRead(), SHORT_SECONDS, purged.tombstonesRead());
    }

    void theQueue() {
        Story.section("The queue anti-pattern");
        session.execute(schema("CREATE TABLE jobs (queue text, job_id bigint, payload text, PRIMARY KEY ((queue), job_id))"));
        session.execute(schema("CREATE TABLE expiring_jobs (queue text, job_id bigint, payload text, PRIMARY KEY ((queue), job_id))"));
        PreparedStatement push = session.prepare("INSERT INTO jobs (queue, job_id, payload) VALUES ('mail', ?, ?)");
        PreparedStatement pushExpiring = session.prepare(
                "INSERT INTO expiring_jobs (queue, job_id, payload) VALUES ('mail', ?, ?) USING TTL " + SHORT_SECONDS);
        PreparedStatement pushKept = session.prepare("INSERT INTO expiring_jobs (queue, job_id, payload) VALUES ('mail', ?, ?)");
        PreparedStatement done = session.prepare("DELETE FROM jobs WHERE queue = 'mail' AND job_id = ?");
        PreparedStatement head = session.prepare("SELECT job_id FROM jobs WHERE queue = 'mail' LIMIT 1");
        PreparedStatement after = session.prepare("SELECT job_id FROM jobs WHERE queue = 'mail' AND job_id > ? LIMIT 1");
        PreparedStatement expiringHead = session.prepare("SELECT job_id FROM expiring_jobs WHERE queue = 'mail' LIMIT 1");
        write("the jobs", JOBS, i -> push.bind(i, "job " + i));
        write("the jobs done", JOBS_DONE, i -> done.bind(i));
        write("the expiring jobs", JOBS_DONE, i -> pushExpiring.bind(i, "job " + i));
        pause(Duration.ofSeconds(SHORT_SECONDS + 1));
        write("the jobs after them", JOBS - JOBS_DONE, i -> pushKept.bind(JOBS_DONE + i, "job " + (JOBS_DONE + i)));
        Measured<ResultSet> fromTheHead = traced.measure(() -> traced.execute(head.bind()));
        Measured<ResultSet> fromWhereItStopped = traced.measure(() -> traced.execute(after.bind(JOBS_DONE - 1L)));
        Measured<ResultSet> expired = traced.measure(() -> traced.execute(expiringHead.bind()));
        Story.say("""
                A table used as a queue: workers take the oldest job and delete it when done. %,d jobs
                pushed, %,d done; the next worker asks for the oldest job left.""", JOBS, JOBS_DONE);
        TextTable.of("the next job", "live rows read", "tombstone cells read", "the node warned")
                .row("the oldest job (LIMIT 1 from the head)", fromTheHead.cost().rowsRead(),
                        fromTheHead.cost().tombstonesRead(), warned(fromTheHead))
                .row("after the last job done (job_id > last)", fromWhereItStopped.cost().rowsRead(),
                        fromWhereItStopped.cost().tombstonesRead(), warned(fromWhereItStopped))
                .row("expired by a TTL, not deleted", expired.cost().rowsRead(), expired.cost().tombstonesRead(),
                        warned(expired))
                .print();
        Story.say("""
                Every job done is a tombstone at the head, exactly where the next worker starts reading:
                the queue reads more the more it has done, and a busy queue reaches the refusal. Starting
                after the last job done (a worker keeps that id, or a row keeps it for all of them) reads
                past none of them. A TTL is no escape: an expired cell is a tombstone to the read until
                compaction drops it, like a deleted one. What ends the pile is a read that never goes
                back, and a partition a day (or an hour) for the jobs, so yesterday's tombstones sit in a
                partition nobody reads and whole files of them can be dropped.""");
        recap.line("a queue's head after %,d jobs done: %,d tombstone cells read; from the last job done: %,d;"
                        + " expired by TTL: %,d",
                JOBS_DONE, fromTheHead.cost().tombstonesRead(), fromWhereItStopped.cost().tombstonesRead(),
                expired.cost().tombstonesRead());
    }

    /** The node's tombstone warning, sent back with the answer, if it sent one. */
    private static Optional<String> tombstoneWarning(Measured<ResultSet> read) {
        return read.value().getExecutionInfo().getWarnings().stream().filter(w -> w.contains("tombstone")).findFirst();
    }

    private static String warned(Measured<ResultSet> read) {
        return tombstoneWarning(read).isPresent() ? "yes" : "no";
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the grace period", e);
        }
    }
}
