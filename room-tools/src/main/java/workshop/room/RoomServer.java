package workshop.room;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.terminal.Failures;

/**
 * Serves the room's page, built afresh for every request, and each learner's latest drawing at
 * /diagrams/LEARNER.svg, with the JDK's own HTTP server.
 */
public final class RoomServer {

    private static final String HTML = "text/html";
    /** A drawing's path: a learner's name is their namespace, so nothing else reaches the table. */
    private static final Pattern DRAWING = Pattern.compile("/diagrams/([a-z][a-z0-9_]{0,19})\\.svg");

    private RoomServer() {}

    /**
     * Starts serving at the address (port 0: any free one); stop it with {@link HttpServer#stop}.
     * Drawings: a learner's latest drawing, or empty when they have none.
     */
    public static HttpServer start(InetSocketAddress address, Supplier<String> page, Function<String, Optional<String>> drawings)
            throws IOException {
        HttpServer server = HttpServer.create(address, 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                Matcher drawing = DRAWING.matcher(exchange.getRequestURI().getPath());
                if (drawing.matches()) {
                    Optional<String> svg = drawings.apply(drawing.group(1));
                    send(exchange, svg.isPresent() ? 200 : 404, svg.isPresent() ? "image/svg+xml" : HTML,
                            svg.orElse("<p>No diagram of " + drawing.group(1) + " yet; the room is at /</p>"));
                    return;
                }
                if (!exchange.getRequestURI().getPath().equals("/")) {
                    send(exchange, 404, "<p>Nothing here; the room is at /</p>");
                    return;
                }
                String html;
                try {
                    html = page.get();
                } catch (RuntimeException failure) {
                    // The page reloads itself: say what went wrong and let the next reload try again.
                    send(exchange, 503, "<meta http-equiv=\"refresh\" content=\"5\"><p>"
                            + RoomGridPage.escape(Failures.explain(failure).what()) + "</p>");
                    return;
                }
                send(exchange, 200, html);
            }
        });
        server.start();
        return server;
    }

    private static void send(HttpExchange exchange, int status, String html) throws IOException {
        send(exchange, status, HTML, html);
    }

    static void send(HttpExchange exchange, int status, String type, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
