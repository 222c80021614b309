package workshop.kit.room;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import workshop.kit.terminal.Failures;

/** Serves one page, built afresh for every request, with the JDK's own HTTP server. */
public final class RoomServer {

    private RoomServer() {}

    /** Starts serving at the address (port 0: any free one); stop it with {@link HttpServer#stop}. */
    public static HttpServer start(InetSocketAddress address, Supplier<String> page) throws IOException {
        HttpServer server = HttpServer.create(address, 0);
        server.createContext("/", exchange -> {
            try (exchange) {
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
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
