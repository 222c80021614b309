package workshop.room;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import workshop.kit.cassandra.Room;

/**
 * A room fed by learners' own grades over HTTP, for learners whose nodes are their own: the page at
 * / (as {@link RoomServer} serves it), the same grid as text at /grid.txt and as CSV at /grid.csv,
 * GET /join to try a join code, and POST /grades, where a learner's check sends its grade with the
 * code as a bearer token. The grades are kept in a {@link RoomLedger}.
 */
public final class GradeServer {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TEXT = "text/plain";
    /** A grade's file is a few kilobytes; anything much larger is not one. */
    private static final int MAX_BODY = 1 << 20;

    private GradeServer() {}

    /** Serves the room kept in the ledger at the address (port 0: any free one); stop it with {@link HttpServer#stop}. */
    public static HttpServer start(InetSocketAddress address, Room room, RoomLedger ledger, Duration stuckAfter, Duration refresh)
            throws IOException {
        HttpServer server = RoomServer.start(address, () -> RoomGridPage.render(grid(room, ledger, stuckAfter), List.of(), refresh),
                learner -> Optional.empty());
        server.createContext("/grid.txt", get(exchange -> RoomServer.send(exchange, 200, TEXT,
                String.join("\n", RoomGridText.render(grid(room, ledger, stuckAfter))) + "\n")));
        server.createContext("/grid.csv", get(exchange -> RoomServer.send(exchange, 200, "text/csv",
                RoomGridCsv.render(grid(room, ledger, stuckAfter)))));
        server.createContext("/join", get(exchange -> {
            Optional<String> learner = learner(exchange, ledger);
            if (learner.isPresent()) {
                reply(exchange, 200, "Joined room " + room.name() + " as " + learner.get() + ".");
            }
        }));
        server.createContext("/grades", exchange -> {
            try (exchange) {
                if (!exchange.getRequestMethod().equals("POST")) {
                    reply(exchange, 405, "POST a grade here: ./jbang check does, once ./jbang room join has run.");
                    return;
                }
                Optional<String> learner = learner(exchange, ledger);
                if (learner.isPresent()) {
                    receive(exchange, ledger, learner.get());
                }
            }
        });
        return server;
    }

    public static RoomGrid grid(Room room, RoomLedger ledger, Duration stuckAfter) {
        return RoomGrid.of(room, ledger.checks(), Instant.now(), stuckAfter, RoomGrid.exerciseColumns());
    }

    private static void receive(HttpExchange exchange, RoomLedger ledger, String learner) throws IOException {
        JsonNode sent;
        try (InputStream body = exchange.getRequestBody()) {
            byte[] bytes = body.readNBytes(MAX_BODY + 1);
            sent = bytes.length > MAX_BODY ? null : JSON.readTree(bytes);
        } catch (IOException notJson) {
            sent = null;
        }
        String id = sent == null ? "" : sent.path("id").asText("");
        if (sent == null || !sent.path("grade").isObject() || !isUuid(id)) {
            reply(exchange, 400, "Not a grade: send {\"id\": a UUID, \"grade\": a check's .workshop/results/NN.json}.");
            return;
        }
        RoomLedger.Outcome outcome = ledger.record(learner, id, sent.path("grade"), Instant.now());
        reply(exchange, 200, switch (outcome) {
            case RECORDED -> "recorded";
            case ALREADY_RECORDED -> "already recorded";
            case NOT_A_RESULT -> "not a result (a withheld grade): nothing shown";
        });
    }

    /** The learner the request's join code names; when none does, the refusal is sent and empty returned. */
    private static Optional<String> learner(HttpExchange exchange, RoomLedger ledger) throws IOException {
        String header = Optional.ofNullable(exchange.getRequestHeaders().getFirst("Authorization")).orElse("");
        if (!header.startsWith("Bearer ")) {
            reply(exchange, 401, "no join code sent.");
            return Optional.empty();
        }
        Optional<String> learner = ledger.learner(header.substring("Bearer ".length()).strip());
        if (learner.isEmpty()) {
            reply(exchange, 403, "unknown join code (mistyped, or replaced by a newer one).");
        }
        return learner;
    }

    private static boolean isUuid(String id) {
        try {
            return UUID.fromString(id).toString().equals(id);
        } catch (IllegalArgumentException notOne) {
            return false;
        }
    }

    private static HttpHandler get(HttpHandler handler) {
        return exchange -> {
            try (exchange) {
                if (exchange.getRequestMethod().equals("GET")) {
                    handler.handle(exchange);
                } else {
                    reply(exchange, 405, "Only GET here.");
                }
            }
        };
    }

    private static void reply(HttpExchange exchange, int status, String sentence) throws IOException {
        RoomServer.send(exchange, status, TEXT, sentence + "\n");
    }
}
