package workshop.room.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The grade a check wrote (.workshop/results/NN.json, or its --report FILE), read as data: the
 * load tools run the learner's runner as a process and read only this and its exit code, never its
 * sentences nor its classes (the runner depends on this module for the recorder).
 *
 * @param status    passed, failed, withheld or does-not-compile
 * @param room      whether the grade reached the room (recorded, not recorded: why), empty outside a room
 * @param firstTest the first (most instructive) failure's test, and its message; empty when none failed
 */
public record GradeFile(String status, int passed, int failed, Optional<String> room, Optional<String> firstTest,
                        Optional<String> firstMessage) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static GradeFile read(Path file) {
        try {
            JsonNode grade = JSON.readTree(file.toFile());
            JsonNode first = grade.path("failures").path(0);
            return new GradeFile(grade.path("status").asText(), grade.path("passed").asInt(), grade.path("failed").asInt(),
                    text(grade.path("room")), text(first.path("test")), text(first.path("message")));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the grade " + file, e);
        }
    }

    private static Optional<String> text(JsonNode node) {
        return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
    }

    /** The exit code ./jbang check gives with this grade (the table of docs/exercises.md). */
    public int exitCode() {
        return switch (status) {
            case "passed" -> 0;
            case "failed" -> 1;
            case "withheld" -> 3;
            case "does-not-compile" -> 4;
            default -> throw new IllegalStateException("A grade's status is passed, failed, withheld or does-not-compile,"
                    + " not '" + status + "'");
        };
    }

    /** The counts as the learner reads them: 8 passed, 0 failed. */
    public String counts() {
        return passed + " passed, " + failed + " failed";
    }
}
