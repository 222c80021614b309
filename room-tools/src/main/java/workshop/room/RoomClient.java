package workshop.room;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;
import workshop.kit.WorkshopException;

/**
 * The learner's side of a room fed over HTTP. {@code ./jbang room join URL CODE} tries the code and
 * keeps both in .workshop/room-join.properties; from then on every check puts its grade, under an id
 * of its own, in the outbox (.workshop/room-outbox/) and sends the outbox, oldest first. What the
 * room does not answer stays there for the next check or {@code ./jbang room send}; the room counts
 * each id once, so a grade sent twice (its answer lost) is not counted twice.
 */
public final class RoomClient {

    /** Short: an unreachable room must not hold the learner's prompt. */
    private static final Duration CONNECT = Duration.ofSeconds(3);
    private static final Duration ANSWER = Duration.ofSeconds(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path state;
    /** Built on first use: a check in a checkout that joined no room starts no HTTP client. */
    private HttpClient http;

    /** The room as this checkout (root) joined it; its state lives in root/.workshop. */
    public RoomClient(Path root) {
        this.state = root.resolve(".workshop");
    }

    private HttpClient http() {
        if (http == null) {
            http = HttpClient.newBuilder().connectTimeout(CONNECT).build();
        }
        return http;
    }

    /** Where the learner joined, and with what code. */
    public record Joined(URI url, String code) {}

    /** What sending the outbox came to: how many grades went, how many wait, and why they wait (empty when none do). */
    public record Sent(int sent, int waiting, Optional<String> why) {}

    private Path joinFile() {
        return state.resolve("room-join.properties");
    }

    Path outbox() {
        return state.resolve("room-outbox");
    }

    /** The room this checkout joined, if any. */
    public Optional<Joined> joined() {
        if (!Files.exists(joinFile())) {
            return Optional.empty();
        }
        Properties saved = new Properties();
        try (var in = Files.newBufferedReader(joinFile(), StandardCharsets.UTF_8)) {
            saved.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Optional.of(new Joined(URI.create(saved.getProperty("url")), saved.getProperty("code")));
    }

    /** Tries the code on the room and keeps both when the room takes it; returns the room's greeting. */
    public String join(String url, String code) {
        URI room = roomUrl(url);
        HttpResponse<String> answer;
        try {
            answer = http().send(HttpRequest.newBuilder(room.resolve("/join")).timeout(ANSWER)
                    .header("Authorization", "Bearer " + code.strip()).GET().build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException unreachable) {
            throw new WorkshopException("The room at " + room + " did not answer: " + why(unreachable) + ".",
                    "check the address with your instructor (their ./jbang room serve prints it), then ./jbang room join URL CODE");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkshopException("Interrupted while joining the room.", "./jbang room join " + room + " CODE");
        }
        if (answer.statusCode() != 200) {
            throw refused(room, answer);
        }
        Properties saved = new Properties();
        saved.setProperty("url", room.toString());
        saved.setProperty("code", code.strip());
        try {
            Files.createDirectories(state);
            try (var out = Files.newBufferedWriter(joinFile(), StandardCharsets.UTF_8)) {
                saved.store(out, "The room ./jbang room join joined; every ./jbang check sends its grade there");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return answer.body().strip();
    }

    /**
     * Puts a check's grade in the outbox and sends the outbox, when this checkout joined a room.
     * Returns what the grade's file says of it ("recorded", or "not recorded: why"), and says in one
     * line when it waits; empty outside a room. Never throws: the grade stands whatever the room does.
     */
    public Optional<String> deliver(String gradeJson, java.io.PrintStream out) {
        Optional<Joined> joined;
        try {
            joined = joined();
            if (joined.isEmpty()) {
                return Optional.empty();
            }
            enqueue(gradeJson);
        } catch (RuntimeException | IOException e) {
            out.println(RoomGridText.fit("Not sent to the room (your grade stands): cannot keep it in " + outbox() + ": "
                    + e.getMessage()));
            return Optional.of("not recorded: " + e.getMessage());
        }
        Sent sent = send();
        if (sent.why().isEmpty()) {
            return Optional.of("recorded");
        }
        sent.why().get().lines().map(RoomGridText::fit).forEach(out::println);
        return Optional.of("not recorded: kept to send later");
    }

    /** Keeps the grade under a fresh id, named so the outbox sorts oldest first. */
    void enqueue(String gradeJson) throws IOException {
        ObjectNode envelope = JSON.createObjectNode();
        envelope.put("id", UUID.randomUUID().toString());
        envelope.set("grade", JSON.readTree(gradeJson));
        Files.createDirectories(outbox());
        String name = String.format("%015d-%s.json", System.currentTimeMillis(), envelope.get("id").asText());
        Path partial = outbox().resolve(name + ".partial");
        Files.writeString(partial, JSON.writeValueAsString(envelope));
        Files.move(partial, outbox().resolve(name)); // a send in another check never reads half a grade
    }

    /** Sends what waits in the outbox, oldest first, until the room stops answering. */
    public Sent send() {
        Joined room = joined().orElseThrow(() -> new WorkshopException("This checkout has joined no room.",
                "./jbang room join URL CODE (your instructor gives both)"));
        List<Path> waiting = waiting();
        int sent = 0;
        for (Path grade : waiting) {
            Optional<String> why = post(room, grade);
            if (why.isPresent()) {
                return new Sent(sent, waiting.size() - sent, why);
            }
            sent++;
        }
        return new Sent(sent, 0, Optional.empty());
    }

    private List<Path> waiting() {
        if (!Files.isDirectory(outbox())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(outbox())) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Posts one grade; removes it from the outbox once the room has it. Empty when sent, else the line that says why not. */
    private Optional<String> post(Joined room, Path grade) {
        int waiting = waiting().size();
        try {
            HttpResponse<String> answer = http().send(HttpRequest.newBuilder(room.url().resolve("/grades")).timeout(ANSWER)
                    .header("Authorization", "Bearer " + room.code()).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofFile(grade)).build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == 200) {
                Files.deleteIfExists(grade);
                return Optional.empty();
            }
            WorkshopException refused = answer.statusCode() == 400
                    ? new WorkshopException("The room refused a grade: " + answer.body().strip(), "./jbang room send tries again")
                    : refused(room.url(), answer);
            return Optional.of(refused.problem().what() + " " + kept(waiting) + "\n  Fix: " + refused.fix());
        } catch (IOException unreachable) {
            return Optional.of("Room not reached (" + why(unreachable) + "): " + kept(waiting)
                    + ", sent by your next check or ./jbang room send");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("Interrupted: your grades wait in " + outbox());
        }
    }

    private static String kept(int waiting) {
        return waiting + " grade" + (waiting == 1 ? "" : "s") + " kept";
    }

    private static WorkshopException refused(URI room, HttpResponse<String> answer) {
        return new WorkshopException("The room at " + room + " refused your join code (HTTP " + answer.statusCode() + "): "
                + answer.body().strip(), "ask your instructor for your code, then ./jbang room join " + room + " CODE");
    }

    /** The room's address as typed: http or https, a host, nothing after the port. */
    static URI roomUrl(String url) {
        URI uri;
        try {
            uri = URI.create(url.strip().replaceAll("/+$", ""));
        } catch (IllegalArgumentException notOne) {
            uri = null;
        }
        if (uri == null || uri.getHost() == null || !List.of("http", "https").contains(String.valueOf(uri.getScheme()))
                || !uri.getPath().isEmpty()) {
            throw new WorkshopException("'" + url + "' is not a room's address: it looks like http://192.168.1.20:8484",
                    "./jbang room join http://HOST:PORT CODE, as your instructor's ./jbang room serve prints it");
        }
        return uri;
    }

    private static String why(IOException e) {
        return e instanceof ConnectException ? "connection refused"
                : e instanceof HttpTimeoutException ? "no answer within " + CONNECT.toSeconds() + " s"
                : Optional.ofNullable(e.getMessage()).orElse(e.getClass().getSimpleName());
    }
}
