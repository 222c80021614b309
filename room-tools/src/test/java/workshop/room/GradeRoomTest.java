package workshop.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.WorkshopException;
import workshop.kit.cassandra.Room;

/**
 * A room fed over HTTP, without a cluster: a learner joins with the code the instructor printed,
 * each check's grade reaches the grid, a wrong code is refused with the command that fixes it, a
 * grade kept while the room was down is sent when it is back, a grade sent twice counts once, and
 * a restarted server still has every grade.
 */
class GradeRoomTest {

    private static final Room ROOM = new Room("test-http");
    private static final String LABEL = SampleGrades.LABEL;

    @TempDir
    Path instructor;
    @TempDir
    Path learnerCheckout;

    private RoomLedger ledger;
    private HttpServer server;
    private String url;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void serve() throws IOException {
        ledger = RoomLedger.open(instructor);
        server = start(0);
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private HttpServer start(int port) throws IOException {
        return GradeServer.start(new InetSocketAddress("127.0.0.1", port), ROOM, ledger, Duration.ofMinutes(10), Duration.ofSeconds(5));
    }

    @Test
    void aLearnerJoinsOnceAndEveryCheckReachesTheGrid() throws Exception {
        String code = ledger.addLearner("ana");
        RoomClient ana = new RoomClient(learnerCheckout);
        assertEquals("Joined room test-http as ana.", ana.join(url + "/", code));
        assertTrue(Files.readString(learnerCheckout.resolve(".workshop/room-join.properties")).contains(code), "kept for every check");

        ByteArrayOutputStream said = new ByteArrayOutputStream();
        assertEquals(Optional.of("recorded"), ana.deliver(SampleGrades.grade("failed"), new PrintStream(said, true, StandardCharsets.UTF_8)));
        assertEquals("", said.toString(StandardCharsets.UTF_8), "a grade that reached the room costs the learner no line");
        assertEquals(Optional.of("recorded"), ana.deliver(SampleGrades.grade("failed"), System.out));

        RoomGrid grid = GradeServer.grid(ROOM, ledger, Duration.ofMinutes(10));
        assertEquals(List.of("ana"), grid.learners().stream().map(RoomGrid.LearnerRow::learner).toList());
        assertEquals(2, grid.checks());
        assertEquals(RoomGrid.State.FAILING, grid.learners().get(0).cells().get(0).state());
        assertEquals("Q1Test.readsOnePartition", grid.commonFailures().get(0).failedTest());
        String text = get("/grid.txt").body();
        assertTrue(text.contains("Room test-http") && text.lines().anyMatch(l -> l.startsWith("ana ")), text);
        assertTrue(text.lines().anyMatch(l -> l.matches(" +" + LABEL + " +1 of 1 +Q1Test.readsOnePartition: read 3 partitions")), text);
        assertTrue(get("/").body().contains("<th class=\"learner\">ana</th>"), "the page shows her too");
        assertTrue(get("/grid.csv").body().startsWith("learner,"), "and the CSV");
        assertEquals(List.of(), outbox(), "nothing waits");
    }

    @Test
    void aWrongCodeIsRefusedWithTheCommandThatFixesIt() throws Exception {
        String code = ledger.addLearner("ana");
        String forged = code.substring(0, code.length() - 1) + (code.endsWith("0") ? "1" : "0");
        WorkshopException refused = assertThrows(WorkshopException.class, () -> new RoomClient(learnerCheckout).join(url, forged));
        assertTrue(refused.problem().what().contains("refused your join code (HTTP 403)"), refused.getMessage());
        assertEquals("ask your instructor for your code, then ./jbang room join " + url + " CODE", refused.fix());
        assertTrue(Files.notExists(learnerCheckout.resolve(".workshop/room-join.properties")), "a refused code is not kept");

        assertEquals(401, post(Optional.empty(), envelope(UUID.randomUUID())).statusCode(), "no code at all");
        assertEquals(403, post(Optional.of(forged), envelope(UUID.randomUUID())).statusCode());
        assertEquals(400, post(Optional.of(code), "{\"grade\": {}}").statusCode(), "a body without an id");
        assertEquals(List.of(), ledger.checks());
        ledger.addLearner("ana");
        assertEquals(403, post(Optional.of(code), envelope(UUID.randomUUID())).statusCode(), "a new code replaces the old");
    }

    @Test
    void gradesKeptWhileTheRoomIsDownAreSentWhenItAnswersAgain() throws Exception {
        RoomClient ana = new RoomClient(learnerCheckout);
        ana.join(url, ledger.addLearner("ana"));
        int port = server.getAddress().getPort();
        server.stop(0);

        ByteArrayOutputStream said = new ByteArrayOutputStream();
        assertEquals(Optional.of("not recorded: kept to send later"), ana.deliver(SampleGrades.grade("failed"),
                new PrintStream(said, true, StandardCharsets.UTF_8)));
        ana.deliver(SampleGrades.grade("passed"), new PrintStream(said, true, StandardCharsets.UTF_8));
        List<String> lines = said.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size(), "one short line per check: " + lines);
        assertEquals("Room not reached (connection refused): 2 grades kept, sent by your next check or ./jbang room send",
                lines.get(1));
        assertEquals(2, outbox().size());

        server = start(port);
        RoomClient.Sent sent = ana.send();
        assertEquals(new RoomClient.Sent(2, 0, Optional.empty()), sent);
        assertEquals(List.of(), outbox());
        List<RecordedCheck> checks = ledger.checks();
        assertEquals(List.of(false, true), checks.stream().map(c -> c.result().passed()).toList(), "oldest first");
        assertEquals(RoomGrid.State.PASSED, GradeServer.grid(ROOM, ledger, Duration.ofMinutes(10)).learners().get(0).cells()
                .get(0).state(), "the last check decides");
    }

    @Test
    void aGradeSentTwiceCountsOnce() throws Exception {
        String code = ledger.addLearner("ana");
        String envelope = envelope(UUID.randomUUID());
        assertEquals("recorded", post(Optional.of(code), envelope).body().strip());
        assertEquals("already recorded", post(Optional.of(code), envelope).body().strip(), "its answer was lost, say");
        assertEquals(1, ledger.checks().size());
    }

    @Test
    void aRestartedServerLosesNothingAndStillCountsOnce() throws Exception {
        String code = ledger.addLearner("ana");
        String envelope = envelope(UUID.randomUUID());
        assertEquals(200, post(Optional.of(code), envelope).statusCode());
        int port = server.getAddress().getPort();
        server.stop(0);

        ledger = RoomLedger.open(instructor);
        server = start(port);
        assertEquals(1, ledger.checks().size(), "read back from disk");
        assertEquals("ana", ledger.checks().get(0).learner());
        assertEquals("already recorded", post(Optional.of(code), envelope).body().strip());
        assertEquals(200, post(Optional.of(code), envelope(UUID.randomUUID())).statusCode(), "her code still works");
        assertEquals(2, ledger.checks().size());
    }

    @Test
    void resetRefusesWhileServedThenEmptiesTheRoomAndItsCodesStillWork() throws Exception {
        String code = ledger.addLearner("ana");
        assertEquals(200, post(Optional.of(code), envelope(UUID.randomUUID())).statusCode());
        try (AutoCloseable serving = ledger.serve()) {
            WorkshopException refused = assertThrows(WorkshopException.class, () -> RoomLedger.open(instructor).forget());
            assertEquals("stop the server (Ctrl-C in its terminal), then ./jbang room reset", refused.fix());
            assertThrows(WorkshopException.class, () -> RoomLedger.open(instructor).serve(), "one server per room");
        }
        assertEquals(1, ledger.checks().size(), "a refused reset forgets nothing");
        server.stop(0);

        RoomLedger stopped = RoomLedger.open(instructor);
        assertEquals(1, stopped.forget());
        assertEquals(List.of(), RoomLedger.open(instructor).checks(), "forgotten on disk too");
        ledger = stopped;
        server = start(0);
        url = "http://127.0.0.1:" + server.getAddress().getPort();
        assertEquals(200, post(Optional.of(code), envelope(UUID.randomUUID())).statusCode(), "her code still works");
        assertEquals(1, ledger.checks().size());
    }

    @Test
    void exportWritesTheGridOfTheKeptGrades() throws Exception {
        String code = ledger.addLearner("ana");
        post(Optional.of(code), envelope(UUID.randomUUID()));
        String csv = RoomGridCsv.render(GradeServer.grid(ROOM, RoomLedger.open(instructor), Duration.ofMinutes(10)));
        assertEquals(get("/grid.csv").body(), csv, "what the server shows, read from its folder");
        assertTrue(csv.lines().anyMatch(l -> l.startsWith("ana,failing 0 min")), csv);
    }

    @Test
    void badInputGetsASentenceNotAStackTrace() {
        assertThrows(WorkshopException.class, () -> ledger.addLearner("Ana Smith"));
        WorkshopException notAUrl = assertThrows(WorkshopException.class, () -> new RoomClient(learnerCheckout).join("10.0.0.1", "x"));
        assertTrue(notAUrl.fix().startsWith("./jbang room join http://HOST:PORT CODE"), notAUrl.fix());
        WorkshopException down = assertThrows(WorkshopException.class,
                () -> new RoomClient(learnerCheckout).join("http://127.0.0.1:1", "ana-0"));
        assertTrue(down.problem().what().contains("did not answer: connection refused"), down.getMessage());
    }

    private static String envelope(UUID id) {
        return "{\"id\":\"" + id + "\",\"grade\":" + SampleGrades.grade("failed") + "}";
    }

    private HttpResponse<String> post(Optional<String> code, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + "/grades")).POST(HttpRequest.BodyPublishers.ofString(body));
        code.ifPresent(c -> request.header("Authorization", "Bearer " + c));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private List<Path> outbox() throws IOException {
        Path outbox = learnerCheckout.resolve(".workshop/room-outbox");
        try (var files = Files.list(outbox)) {
            return files.toList();
        } catch (java.nio.file.NoSuchFileException none) {
            return List.of();
        }
    }
}
