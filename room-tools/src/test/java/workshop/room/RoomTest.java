package workshop.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.fixtures.chat.ChatCatalogue;
import workshop.kit.HeadlessChromium;
import workshop.kit.Workshop;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Room;
import workshop.kit.catalogue.TableShape;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.SvgDiagram;

/**
 * A room on the shared cluster: two learners' checks, each recorded as a check records it (in the
 * background, on a session of its own), show up in the room's grid, in the terminal and in the page
 * as headless Chromium renders it; another room's checks do not. A learner's latest drawing is
 * linked from the page and served as an SVG Chromium renders.
 */
class RoomTest {

    private final Room room = new Room("test-" + UUID.randomUUID().toString().substring(0, 8));
    private final Room otherRoom = new Room(room.name() + "-other");
    private static CqlSession session;
    private RoomTable table;

    /** One session for the class, on the cluster the settings name (started when none runs). */
    @BeforeAll
    static void connect() {
        session = Cassandra.findOrStart().connect();
    }

    @AfterAll
    static void disconnect() {
        session.close();
    }

    @BeforeEach
    void createTheRoomTable() {
        table = RoomTable.create(session);
    }

    @AfterEach
    void deleteTheTestRooms() {
        table.reset(room);
        table.reset(otherRoom);
    }

    private void record(Room in, String learner, CheckResult result) {
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        RoomRecorder.start(in, learner).record(Optional.of(result)).finish(new PrintStream(said, true, StandardCharsets.UTF_8));
        assertEquals("", said.toString(StandardCharsets.UTF_8), "a recording that worked says nothing");
    }

    private void recordTwoLearners() {
        record(room, "alice_3f2", CheckResult.passed("naive-table", Optional.empty(), 4));
        record(room, "bob_0a1", new CheckResult("naive-table", Optional.empty(), false, 2, 1, "NaiveTableTest.readsOnePartition",
                "asked 3 nodes <expected 1>"));
        record(room, "bob_0a1", CheckResult.passed("partition-by-conversation", Optional.of("open a link"), 2));
        record(otherRoom, "carol_9c4", CheckResult.passed("naive-table", Optional.empty(), 4));
    }

    private RoomGrid grid() {
        return RoomGrid.of(room, table.checks(room), table.now(), Duration.ofMinutes(10), RoomGrid.exerciseColumns());
    }

    @Test
    void twoLearnersChecksShowInTheGridAndNoOtherRooms() {
        recordTwoLearners();
        RoomGrid grid = grid();
        assertEquals(3, grid.checks());
        assertEquals(List.of("alice_3f2", "bob_0a1"), grid.learners().stream().map(RoomGrid.LearnerRow::learner).toList());
        List<String> lines = RoomGridText.render(grid);
        assertTrue(lines.get(2).matches("alice_3f2 +ok +\\. .*"), String.join("\n", lines));
        assertTrue(lines.get(3).matches("bob_0a1 +x0 +ok .*"), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("1 of 1") && l.contains("NaiveTableTest.readsOnePartition")),
                String.join("\n", lines));
        assertTrue(Duration.between(grid.at(), java.time.Instant.now()).abs().toMinutes() < 5, "the cluster's clock, roughly ours");
    }

    @Test
    void aResetRoomShowsNobodyAndLeavesOtherRoomsAlone() {
        recordTwoLearners();
        table.draw(room, "alice_3f2", "design-ticket-booking", "<svg/>");

        table.reset(room);

        assertEquals(0, grid().checks());
        assertEquals(List.of(), grid().learners());
        assertEquals(List.of(), table.drawings(room));
        assertEquals(List.of("carol_9c4"), table.checks(otherRoom).stream().map(RecordedCheck::learner).toList());
    }

    @Test
    void theServedPageShowsBothLearnersInChromium() throws Exception {
        recordTwoLearners();
        HttpServer server = serve();
        try {
            assertTrue(server.getAddress().getAddress().isLoopbackAddress());
            URI page = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            String dom = chromium().dumpDom(page);
            assertEquals(List.of("alice_3f2", "bob_0a1"), matches(dom, "<tr><th class=\"learner\">([^<]+)</th><td"), dom);
            assertEquals(List.of("PASSED:ok", "FAILING:x0m", "PASSED:ok"), matches(dom, "<td class=\"(PASSED|FAILING|STUCK)\"[^>]*>([^<]+)</td>"));
            assertTrue(dom.contains("asked 3 nodes &lt;expected 1&gt;"), dom);
            HttpResponse<String> elsewhere = HttpClient.newHttpClient().send(HttpRequest.newBuilder(page.resolve("/favicon.ico")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, elsewhere.statusCode());
        } finally {
            server.stop(0);
        }
    }

    /** The page as ./jbang room --serve serves it; it reloads after a minute, past Chromium's 20 s of virtual time. */
    private HttpServer serve() throws Exception {
        return RoomServer.start(new InetSocketAddress("127.0.0.1", 0),
                () -> RoomGridPage.render(grid(), table.drawings(room), Duration.ofMinutes(1)), learner -> table.drawing(room, learner));
    }

    private static HeadlessChromium chromium() {
        return HeadlessChromium.find(Workshop.root().resolve("room-tools/target/chromium"))
                .orElseGet(() -> HeadlessChromium.unavailable("The room page", "No Chromium or Chrome found. Install one"
                        + " (Debian/Ubuntu: apt-get install chromium) or point CHROMIUM at its executable."));
    }

    @Test
    void aLearnersLatestDrawingIsLinkedFromThePageAndRendersInChromium(@TempDir Path drawn) throws Exception {
        ChatCatalogue chat = new ChatCatalogue();
        Path older = Files.writeString(drawn.resolve("older.svg"), SvgDiagram.render(Diagram.ofPlan("older", List.of(), List.of())));
        Path latest = Files.writeString(drawn.resolve("chat.svg"),
                SvgDiagram.render(Diagram.ofPlan(chat.name(), chat.patterns(), chat.plannedTables())));
        for (Path drawing : List.of(older, latest)) {
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            RoomRecorder.start(room, "alice_3f2").record(Optional.of(CheckResult.passed("access-pattern-catalogue", Optional.empty(), 9)))
                    .show("access-pattern-catalogue", drawing).finish(new PrintStream(said, true, StandardCharsets.UTF_8));
            assertEquals("", said.toString(StandardCharsets.UTF_8), "a recording that worked says nothing");
        }
        HttpServer server = serve();
        try {
            URI page = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            String dom = chromium().dumpDom(page);
            assertEquals(List.of("/diagrams/alice_3f2.svg:alice_3f2"), matches(dom, "<a href=\"([^\"]+)\">([^<]+)</a>: lesson 09"), dom);
            String svg = chromium().dumpDom(page.resolve("/diagrams/alice_3f2.svg"));
            assertFalse(svg.contains("parsererror") || svg.contains("This page contains the following errors"), svg);
            for (TableShape planned : chat.plannedTables()) {
                assertTrue(svg.contains(">" + planned.name() + "</text>"), "the latest drawing, not the older one: " + svg);
            }
            HttpResponse<String> nobody = HttpClient.newHttpClient().send(HttpRequest.newBuilder(page.resolve("/diagrams/bob_0a1.svg"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, nobody.statusCode());
        } finally {
            server.stop(0);
        }
    }

    /** Each match's groups, joined with ":". */
    private static List<String> matches(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        List<String> found = new java.util.ArrayList<>();
        while (m.find()) {
            StringBuilder groups = new StringBuilder(m.group(1));
            for (int g = 2; g <= m.groupCount(); g++) {
                groups.append(':').append(m.group(g));
            }
            found.add(groups.toString());
        }
        return found;
    }
}
