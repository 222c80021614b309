package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opentest4j.AssertionFailedError;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.LargestPartition;
import workshop.kit.catalogue.PatternResult;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.Verdict;
import workshop.kit.cost.TracingSession;

/**
 * The checker against a real cluster: it must catch designs that are wrong on purpose and pass
 * the right one. 20 chats of 30 messages, stored twice: keyed by message id (the entity-first
 * table) and partitioned by chat, newest first.
 */
@ExtendWith(CassandraExtension.class)
class CatalogueCheckTest {

    private static final int CHATS = 20;
    private static final int PER_CHAT = 30;

    private static CatalogueCheck checker;
    private static CqlSession session;
    private static CqlSession plainSession;

    @BeforeAll
    static void load(CqlSession plain) {
        plain.execute(Keyspaces.schema("CREATE TABLE messages_by_id (id int PRIMARY KEY, chat text, body text)"));
        plain.execute(Keyspaces.schema("CREATE INDEX messages_by_id_chat ON messages_by_id (chat)"));
        plain.execute(Keyspaces.schema("""
                CREATE TABLE messages (chat text, id int, body text, PRIMARY KEY ((chat), id))
                WITH CLUSTERING ORDER BY (id DESC)"""));
        plainSession = plain;
        plain.execute(Keyspaces.schema("CREATE TABLE views (id int PRIMARY KEY, n counter)"));
        plain.execute(Keyspaces.schema("CREATE TABLE users (name text PRIMARY KEY, chat text)"));
        checker = CatalogueCheck.on(plain);
        session = checker.session();
        PreparedStatement byId = session.prepare("INSERT INTO messages_by_id (id, chat, body) VALUES (?, ?, ?)");
        PreparedStatement byChat = session.prepare("INSERT INTO messages (chat, id, body) VALUES (?, ?, ?)");
        for (int id = 0; id < CHATS * PER_CHAT; id++) {
            String chat = "c" + id % CHATS;
            session.execute(byId.bind(id, chat, "message " + id));
            session.execute(byChat.bind(chat, id, "message " + id));
        }
    }

    private static AccessPattern pattern(String id, Rate rate, Plan plan) {
        return AccessPattern.of(id, "a question").rate(rate).p99(Duration.ofMillis(50)).plan(plan);
    }

    private static List<Integer> ids(List<Row> rows) {
        return rows.stream().map(r -> r.getInt("id")).toList();
    }

    private static List<Integer> newestByScan(String chat, int n) {
        List<Row> all = session.execute(session.prepare("SELECT id, chat FROM messages_by_id").bind()).all();
        return all.stream().filter(r -> r.getString("chat").equals(chat)).map(r -> r.getInt("id"))
                .sorted(Comparator.reverseOrder()).limit(n).toList();
    }

    private static List<Integer> newest(String chat, int n) {
        return ids(session.execute(session.prepare("SELECT id FROM messages WHERE chat = ? LIMIT ?").bind(chat, n)).all());
    }

    @Test
    void aScanDeclaredAsAPointReadFails() {
        PreparedStatement byBody = session.prepare("SELECT id FROM messages_by_id WHERE body = ? ALLOW FILTERING");
        CatalogueReport report = checker.check("wrong", List.of(pattern("W1", Rate.perSecond(10), Plan.point("messages_by_id"))
                .servedBy("one message by its text", () -> session.execute(byBody.bind("message 7")).all())));
        assertEquals(Verdict.FAILED, report.results().get(0).verdict(), report.render());
        String why = String.join(" ", report.results().get(0).reasons());
        assertTrue(why.contains("token range") && why.contains("no key serves this pattern"), report.render());
        // A scan reads every node's ranges: all of them on one node or three (the build tests on one).
        assertEquals(session.getMetadata().getNodes().size(), report.results().get(0).observed().nodes().size(), report.render());
    }

    @Test
    void theEntityFirstTableFailsTheBusiestQuestionEvenWhenTheAnswerIsRight() {
        CatalogueReport report = checker.check("naive", List.of(pattern("Q1", Rate.perSecond(20_000), Plan.range("messages_by_id"))
                .servedBy("c3", () -> newestByScan("c3", 5))));
        assertEquals(newest("c3", 5), newestByScan("c3", 5));
        assertEquals(Verdict.FAILED, report.results().get(0).verdict(), report.render());
        assertEquals(CHATS * PER_CHAT, report.results().get(0).observed().rowsRead(), report.render());
    }

    @Test
    void aBusyPatternWithNoKeyFails() {
        CatalogueReport report = checker.check("wrong", List.of(
                pattern("W2", Rate.perSecond(2_000), Plan.batchJob("messages_by_id", "scan and filter"))
                        .servedBy("c3", () -> newestByScan("c3", 5)),
                AccessPattern.of("W3", "no plan at all").rate(Rate.perSecond(2_000)).p99(Duration.ofMillis(50))
                        .servedBy("c3", () -> newestByScan("c3", 5))));
        assertTrue(report.results().stream().allMatch(r -> r.verdict() == Verdict.FAILED), report.render());
        assertTrue(report.results().stream().allMatch(r -> r.reasons().get(0).contains("no key serves it")), report.render());
        assertTrue(report.results().stream().allMatch(r -> r.observed() == null), "nothing runs for a design with no key");
    }

    @Test
    void aBusyPatternThatFansOutFailsAsAScatterGather() {
        PreparedStatement latestOfEach = session.prepare("SELECT chat, id FROM messages WHERE chat IN ? PER PARTITION LIMIT 1");
        CatalogueReport report = checker.check("wrong", List.of(pattern("W4", Rate.perSecond(5_000), Plan.range("messages"))
                .servedBy("5 chats", () -> session.execute(latestOfEach.bind(List.of("c1", "c2", "c3", "c4", "c5"))).all())));
        assertEquals(Verdict.FAILED, report.results().get(0).verdict(), report.render());
        assertEquals(5, report.results().get(0).observed().distinctPartitions(), report.render());
        assertTrue(String.join(" ", report.results().get(0).reasons()).contains("scatter-gather"), report.render());
    }

    @Test
    void aSecondaryIndexDeclaredAsOnePartitionFails() {
        PreparedStatement byChat = session.prepare("SELECT id FROM messages_by_id WHERE chat = ?");
        CatalogueReport report = checker.check("wrong", List.of(pattern("W5", Rate.perSecond(20_000), Plan.range("messages_by_id"))
                .servedBy("c3", () -> session.execute(byChat.bind("c3")).all())));
        assertEquals(Verdict.FAILED, report.results().get(0).verdict(), report.render());
        assertTrue(report.results().get(0).observed().distinctPartitions() > 1, report.render());
    }

    @Test
    void thePartitionedTablePassesAndReadsOnlyTheLimit() {
        CatalogueReport report = checker.check("right", List.of(pattern("Q1", Rate.perSecond(20_000), Plan.range("messages"))
                .servedBy("c3", () -> newest("c3", 5))));
        assertEquals(Verdict.GREEN, report.results().get(0).verdict(), report.render());
        assertEquals(5, report.results().get(0).observed().rowsRead(), report.render());
        assertTrue(report.passed());
    }

    @Test
    void aSampleThatCarriesTheBriefsAnswerFailsOnAWrongAnswerAtItsDeclaredCost() {
        PreparedStatement oldest = session.prepare("SELECT id FROM messages WHERE chat = ? ORDER BY id ASC LIMIT ?");
        // The oracle: the newest five of c3, worked out from the data loaded above, not read from a table.
        List<Integer> newestFive = IntStream.iterate(CHATS * (PER_CHAT - 1) + 3, id -> id - CHATS).limit(5).boxed().toList();
        Answer answer = Answer.inOrder(newestFive);
        CatalogueReport report = checker.check("answers", List.of(
                pattern("R", Rate.perSecond(20_000), Plan.range("messages")).servedBy("c3", answer, () -> newest("c3", 5)),
                pattern("W", Rate.perSecond(20_000), Plan.range("messages"))
                        .servedBy("c3", answer, () -> ids(session.execute(oldest.bind("c3", 5)).all())),
                pattern("A", Rate.perSecond(20_000), Plan.range("messages")).servedBy("c3, async", answer, () -> session
                        .executeAsync(session.prepare("SELECT id FROM messages WHERE chat = ? LIMIT 5").bind("c3"))
                        .thenApply(CatalogueCheckTest::idsOfPage))));
        PatternResult right = report.resultsOf("R").get(0);
        assertEquals(Verdict.GREEN, right.verdict(), report.render());
        assertEquals(PatternResult.AnswerCheck.RIGHT, right.answer(), report.render());
        assertEquals(PatternResult.AnswerCheck.RIGHT, report.resultsOf("A").get(0).answer(), report.render());
        PatternResult wrong = report.resultsOf("W").get(0);
        // Same partition, same five rows read: the cost alone would pass it.
        assertEquals(right.observed().rowsRead(), wrong.observed().rowsRead(), report.render());
        assertEquals(Verdict.FAILED, wrong.verdict(), report.render());
        assertEquals(PatternResult.AnswerCheck.WRONG, wrong.answer(), report.render());
        assertTrue(reasons(report, "W").contains("answered wrong: it returned 5 items where the right answer has 5; missing "
                + newestFive.get(0) + ", " + newestFive.get(1) + " and 3 more"), report.render());
        assertTrue(report.render().contains("answer"), "the report's table shows the answer column:\n" + report.render());
    }

    private static List<Integer> idsOfPage(AsyncResultSet page) {
        List<Integer> found = new ArrayList<>();
        page.currentPage().forEach(row -> found.add(row.getInt("id")));
        return found;
    }

    @Test
    void twoReadsOfOnePartitionAreOnePartition() {
        PreparedStatement before = session.prepare("SELECT id FROM messages WHERE chat = ? AND id <= ? LIMIT 3");
        PreparedStatement after = session.prepare("SELECT id FROM messages WHERE chat = ? AND id > ? ORDER BY id ASC LIMIT 3");
        CatalogueReport report = checker.check("around", List.of(pattern("P2", Rate.perSecond(2_000), Plan.range("messages"))
                .servedBy("around 303", () -> {
                    List<Integer> around = new ArrayList<>(ids(session.execute(before.bind("c3", 303)).all()));
                    around.addAll(ids(session.execute(after.bind("c3", 303)).all()));
                    return around;
                })));
        assertEquals(Verdict.GREEN, report.results().get(0).verdict(), report.render());
        assertEquals(2, report.results().get(0).observed().partitionReads(), report.render());
        assertEquals(1, report.results().get(0).observed().distinctPartitions(), report.render());
    }

    @Test
    void aDeclaredWalkIsExplainedAndAnUndeclaredOneFails() {
        PreparedStatement some = session.prepare("SELECT id FROM messages WHERE chat = ? LIMIT 2");
        java.util.function.Supplier<List<Integer>> walk = () -> {
            List<Integer> found = new ArrayList<>();
            for (String chat : List.of("c1", "c2", "c3")) {
                found.addAll(ids(session.execute(some.bind(chat)).all()));
            }
            return found;
        };
        CatalogueReport report = checker.check("walks", List.of(
                pattern("D", Rate.perSecond(5_000), Plan.range("messages").walking(4, "three buckets, one at a time")).servedBy("walk", walk),
                pattern("U", Rate.perSecond(5_000), Plan.range("messages")).servedBy("walk", walk)));
        assertEquals(Verdict.EXPLAINED, report.resultsOf("D").get(0).verdict(), report.render());
        assertEquals(Verdict.FAILED, report.resultsOf("U").get(0).verdict(), report.render());
    }

    /** Ten messages by id, one request each: one after another, or all sent at once and then awaited. */
    private static List<Integer> bodiesById(boolean async) {
        PreparedStatement byId = session.prepare("SELECT id FROM messages_by_id WHERE id = ?");
        List<Integer> found = new ArrayList<>();
        if (!async) {
            for (int id = 100; id < 110; id++) {
                found.addAll(ids(session.execute(byId.bind(id)).all()));
            }
            return found;
        }
        List<CompletableFuture<AsyncResultSet>> pending = new ArrayList<>();
        for (int id = 100; id < 110; id++) {
            pending.add(session.executeAsync(byId.bind(id)).toCompletableFuture());
        }
        pending.forEach(page -> page.join().currentPage().forEach(row -> found.add(row.getInt("id"))));
        return found;
    }

    @Test
    void anAsynchronousCatalogueIsJudgedAsItsSynchronousTwin() {
        Plan tenPoints = new Plan(Plan.Store.CASSANDRA, List.of("messages_by_id"), Plan.Access.POINT, 10, 10, "");
        PreparedStatement chatOf = session.prepare("SELECT chat FROM messages WHERE chat = ? LIMIT 1");
        CatalogueReport report = checker.check("twins", List.of(
                pattern("S", Rate.perSecond(10), tenPoints).servedBy("ten ids", () -> bodiesById(false)),
                pattern("A", Rate.perSecond(10), tenPoints).servedBy("ten ids", () -> bodiesById(true)),
                pattern("M", Rate.perSecond(10), tenPoints).servedBy("ten ids and a chat", () -> {
                    session.executeAsync(chatOf.bind("c3")).toCompletableFuture().join();
                    return bodiesById(false);
                })));
        PatternResult sync = report.resultsOf("S").get(0);
        PatternResult async = report.resultsOf("A").get(0);
        assertEquals(Verdict.GREEN, sync.verdict(), report.render());
        assertEquals(sync.verdict(), async.verdict(), report.render());
        assertEquals(sync.reasons(), async.reasons(), report.render());
        assertEquals(10, async.observed().distinctPartitions(), report.render());
        assertEquals(sync.observed().tables(), async.observed().tables(), report.render());
        assertEquals(sync.observed().touched(), async.observed().touched(), report.render());
        assertEquals(sync.observed().rowsRead(), async.observed().rowsRead(), report.render());
        PatternResult mixed = report.resultsOf("M").get(0);
        assertEquals(Verdict.FAILED, mixed.verdict(), report.render());
        assertTrue(String.join(" ", mixed.reasons()).contains("read [messages], which its plan does not name"), report.render());
    }

    @Test
    void statementsRunBesideTheCheckedSessionAreNotMeasured() {
        TracingSession underneath = new TracingSession(plainSession);
        CatalogueCheck watching = CatalogueCheck.on(underneath);
        PreparedStatement newest = watching.session().prepare("SELECT id FROM messages WHERE chat = ? LIMIT 5");
        CatalogueReport report = watching.check("beside", List.of(pattern("B", Rate.perSecond(10), Plan.range("messages"))
                .servedBy("c3, twice", () -> {
                    watching.session().execute(newest.bind("c3")).all();
                    return underneath.execute(newest.bind("c3")).all();
                })));
        assertEquals(Verdict.FAILED, report.results().get(0).verdict(), report.render());
        assertTrue(report.results().get(0).reasons().get(0).contains("was not measured: the store traced 2 statements,"
                + " the checker saw 1"), report.render());
    }

    private static String reasons(CatalogueReport report, String id) {
        return String.join(" ", report.resultsOf(id).get(0).reasons());
    }

    @Test
    void writesAreJudgedAgainstTheTrace() {
        PreparedStatement send = session.prepare("INSERT INTO messages (chat, id, body) VALUES (?, ?, ?)");
        PreparedStatement index = session.prepare("INSERT INTO messages_by_id (id, chat, body) VALUES (?, ?, ?)");
        PreparedStatement count = session.prepare("UPDATE views SET n = n + 1 WHERE id = ?");
        PreparedStatement join = session.prepare("INSERT INTO users (name, chat) VALUES (?, ?) IF NOT EXISTS");
        CatalogueReport report = checker.check("writes", List.of(
                pattern("W", Rate.perSecond(5_000), Plan.write("messages")).servedBy("send", () ->
                        session.execute(send.bind("c1", 10_000, "hi"))),
                pattern("B", Rate.perSecond(5_000), Plan.loggedBatch(2, "messages", "messages_by_id")).servedBy("send twice", () ->
                        session.execute(BatchStatement.newInstance(BatchType.LOGGED, send.bind("c1", 10_001, "hi"),
                                index.bind(10_001, "c1", "hi")))),
                pattern("U", Rate.perSecond(5_000), Plan.loggedBatch(2, "messages", "messages_by_id")).servedBy("unlogged", () ->
                        session.execute(BatchStatement.newInstance(BatchType.UNLOGGED, send.bind("c1", 10_002, "hi"),
                                index.bind(10_002, "c1", "hi")))),
                pattern("C", Rate.perSecond(2_000), Plan.counter("views")).servedBy("a view", () -> session.execute(count.bind(7))),
                pattern("R", Rate.perSecond(2_000), Plan.point("views")).servedBy("a view", () -> session.execute(count.bind(7))),
                pattern("L", Rate.perSecond(10), Plan.conditional("users")).servedBy("ana joins", () ->
                        session.executeAsync(join.bind("ana", "c1")).toCompletableFuture().join()),
                pattern("P", Rate.perSecond(10), Plan.write("users")).servedBy("ben joins", () -> session.execute(join.bind("ben", "c1")))));
        assertEquals(Verdict.GREEN, report.resultsOf("W").get(0).verdict(), report.render());
        assertEquals(Verdict.GREEN, report.resultsOf("B").get(0).verdict(), report.render());
        assertEquals(Verdict.GREEN, report.resultsOf("C").get(0).verdict(), report.render());
        assertEquals(Verdict.EXPLAINED, report.resultsOf("L").get(0).verdict(), report.render());
        assertTrue(reasons(report, "L").contains("Paxos step"), report.render());
        assertTrue(reasons(report, "U").contains("without a batch log"), report.render());
        assertTrue(reasons(report, "R").contains("but it wrote"), report.render());
        assertTrue(reasons(report, "P").contains("Plan.conditional(table)"), report.render());
        assertEquals("2 partitions written", report.resultsOf("B").get(0).observed().touched(), report.render());
    }

    @Test
    void aBoundedMultiGetRunInParallelIsToldFromOneRunInSeries() {
        Plan tenAuthors = Plan.multiGet("messages_by_id", 20);
        CatalogueReport report = checker.check("multi-get", List.of(
                pattern("A", Rate.perSecond(2_000), tenAuthors).servedBy("ten ids at once", () -> bodiesById(true)),
                pattern("S", Rate.perSecond(2_000), tenAuthors).servedBy("ten ids in turn", () -> bodiesById(false)),
                pattern("W", Rate.perSecond(2_000), Plan.point("messages_by_id").walking(10, "not a walk"))
                        .servedBy("ten ids at once", () -> bodiesById(true))));
        assertEquals(Verdict.EXPLAINED, report.resultsOf("A").get(0).verdict(), report.render());
        assertTrue(reasons(report, "A").contains("sent 10 reads side by side"), report.render());
        assertTrue(reasons(report, "S").contains("ran one after another"), report.render());
        assertTrue(reasons(report, "W").contains("a fan-out"), report.render());
    }

    @Test
    void theReportAndTheAssertionSayWhatFailedAndWhy() {
        CatalogueReport report = checker.check("mixed", List.of(
                pattern("Q1", Rate.perSecond(20_000), Plan.range("messages")).servedBy("c3", () -> newest("c3", 5)),
                pattern("W1", Rate.perSecond(20_000), Plan.range("messages_by_id")).servedBy("c3", () -> newestByScan("c3", 5))));
        String text = report.render();
        assertTrue(text.contains("1 green, 0 explained, 1 failed"), text);
        assertTrue(text.contains("W1 (c3) FAILED: is declared a range read of 1 partition of messages_by_id"), text);
        CostExpectations.assertPatternHolds(report, "Q1");
        AssertionFailedError failed = assertThrows(AssertionFailedError.class, () -> CostExpectations.assertCatalogueHolds(report));
        assertTrue(failed.getMessage().contains("no key serves this pattern"), failed.getMessage());
        assertThrows(AssertionFailedError.class, () -> CostExpectations.assertPatternHolds(report, "W1"));
        assertThrows(AssertionFailedError.class, () -> CostExpectations.assertPatternHolds(report, "Q9"));
    }

    @Test
    void withoutADeclaredGrowthTheLargestPartitionIsMeasuredWithItsRowsADay() {
        plainSession.execute(Keyspaces.schema("CREATE TABLE events (source text, id timeuuid, body text, PRIMARY KEY ((source), id))"));
        PreparedStatement event = session.prepare("INSERT INTO events (source, id, body) VALUES (?, ?, ?)");
        Instant first = Instant.parse("2024-03-01T00:00:00Z");
        // Every half hour for a day: 49 rows, 48 a day. A quieter source beside it.
        for (int i = 0; i <= 48; i++) {
            session.execute(event.bind("busy", Uuids.startOf(first.plus(Duration.ofMinutes(30L * i)).toEpochMilli()), "e" + i % 10));
        }
        session.execute(event.bind("quiet", Uuids.startOf(first.toEpochMilli()), "e0"));
        PreparedStatement newestEvents = session.prepare("SELECT id FROM events WHERE source = ? ORDER BY id DESC LIMIT 5");
        CatalogueReport report = checker.check("measured", List.of(
                pattern("E", Rate.perSecond(10), Plan.range("events")).servedBy("busy", () -> session.execute(newestEvents.bind("busy")).all()),
                pattern("Q1", Rate.perSecond(10), Plan.range("messages")).servedBy("c3", () -> newest("c3", 5))));
        LargestPartition events = report.largestOf("events").orElseThrow(() -> new AssertionError(report.render()));
        assertEquals(49, events.rows(), report.render());
        assertEquals("busy", events.key(), report.render());
        // Each row as read: source (4 bytes), a timeuuid (16) and a body of 2.
        assertEquals(49 * (4 + 16 + 2), events.valueBytes(), report.render());
        assertEquals(48.0, events.rowsPerDay().orElseThrow(), 1e-9, report.render());
        LargestPartition messages = report.largestOf("messages").orElseThrow(() -> new AssertionError(report.render()));
        assertEquals(PER_CHAT, messages.rows(), report.render());
        assertTrue(messages.rowsPerDay().isEmpty(), "an int clustering column says nothing of time: " + report.render());
        assertTrue(report.render().contains("events (busy): 49 rows, 1 KB of values, 48 rows a day (by id)"), report.render());
        assertTrue(report.passed(), report.render());
    }

    @Test
    void rowsWrittenWithATtlBoundAPartitionThatRowsKeptForeverDoNot() {
        // Every ten minutes for a day, 144 rows a day: past 100,000 rows within two years, not within 3 days.
        Instant first = Instant.parse("2024-03-01T00:00:00Z");
        for (String table : List.of("feed_kept", "feed_expiring")) {
            plainSession.execute(Keyspaces.schema("CREATE TABLE " + table
                    + " (user_id text, at timestamp, post text, PRIMARY KEY ((user_id), at))"));
        }
        PreparedStatement kept = session.prepare("INSERT INTO feed_kept (user_id, at, post) VALUES (?, ?, ?)");
        PreparedStatement expiring = session.prepare("INSERT INTO feed_expiring (user_id, at, post) VALUES (?, ?, ?) USING TTL ?");
        int threeDays = (int) Duration.ofDays(3).toSeconds();
        for (int i = 0; i <= 144; i++) {
            Instant at = first.plus(Duration.ofMinutes(10L * i));
            session.execute(kept.bind("u1", at, "p" + i));
            session.execute(expiring.bind("u1", at, "p" + i, threeDays));
        }
        PreparedStatement keptFeed = session.prepare("SELECT post FROM feed_kept WHERE user_id = ? LIMIT 20");
        PreparedStatement expiringFeed = session.prepare("SELECT post FROM feed_expiring WHERE user_id = ? LIMIT 20");
        CatalogueReport report = checker.check("feeds", List.of(
                pattern("K", Rate.perSecond(10), Plan.range("feed_kept")).servedBy("u1", () -> session.execute(keptFeed.bind("u1")).all()),
                pattern("X", Rate.perSecond(10), Plan.range("feed_expiring"))
                        .servedBy("u1", () -> session.execute(expiringFeed.bind("u1")).all())));
        assertEquals(Verdict.FAILED, report.resultsOf("K").get(0).verdict(), report.render());
        assertTrue(String.join(" ", report.resultsOf("K").get(0).reasons()).contains("it reaches 105,120 rows"), report.render());
        assertEquals(Verdict.GREEN, report.resultsOf("X").get(0).verdict(), report.render());
        LargestPartition feed = report.largestOf("feed_expiring").orElseThrow(() -> new AssertionError(report.render()));
        assertEquals(Duration.ofDays(3), feed.shape().ttl(), report.render());
        assertTrue(feed.shape().ttlWritten(), report.render());
        // The report wraps its lines: read it as one.
        assertTrue(report.render().replaceAll("\\s+", " ").contains("144 rows a day (by at), rows written with a TTL of 3 days"),
                report.render());
    }

    @Test
    void theReadmesAsynchronousExampleIsExplainedAndGreen() {
        CatalogueReport report = CatalogueCheck.on(plainSession).run(new ProfileCatalogue());
        assertEquals(Verdict.EXPLAINED, report.resultsOf("A1").get(0).verdict(), report.render());
        assertEquals(ProfileCatalogue.AUTHORS_ON_A_PAGE, report.resultsOf("A1").get(0).observed().distinctPartitions(), report.render());
        assertEquals(Verdict.GREEN, report.resultsOf("A2").get(0).verdict(), report.render());
        assertTrue(report.passed(), report.render());
    }
}
