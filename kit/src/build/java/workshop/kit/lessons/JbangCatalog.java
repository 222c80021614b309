package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workshop.kit.Workshop;

/** Renders jbang-catalog.json from the lesson list and the tools, so the aliases cannot drift. */
public final class JbangCatalog {

    /** A command-line tool and the script and arguments behind its alias. */
    record Tool(String alias, String script, List<String> arguments, String description) {}

    static final List<Tool> TOOLS = List.of(
            new Tool("up", "tools/cluster.java", List.of("up"), "Start the local Cassandra cluster (--nodes 1 on a small laptop)"),
            new Tool("down", "tools/cluster.java", List.of("down"), "Stop our Cassandra nodes and DynamoDB emulator, delete their data (--leftovers: earlier runs too)"),
            new Tool("status", "tools/cluster.java", List.of("status"), "Nodes and the DynamoDB emulator: pids, ports, memory, data"),
            new Tool("doctor", "tools/cluster.java", List.of("doctor"), "Check Java, memory, ports, leftover nodes and moto, with the fix for each"),
            new Tool("workshop", "tools/runner.java", List.of(), "Where you stand, lesson by lesson, and what to do next"),
            new Tool("check", "tools/runner.java", List.of("check"),
                    "Grade one lesson's exercise: ./jbang check 01 (exit 0 passed, 1 failed, 3 rerun, 4 no compile; --report FILE)"),
            new Tool("grade", "tools/runner.java", List.of("grade"),
                    "Grade every lesson (or those named) into JUnit XML, Gradescope, Classroom 50, Markdown and CSV: ./jbang grade [NN ...] [--out DIR]"),
            new Tool("watch", "tools/runner.java", List.of("watch"), "Re-grade the current lesson on every save"),
            new Tool("hint", "tools/runner.java", List.of("hint"), "One hint at a time: ./jbang hint 01"),
            new Tool("solution", "tools/runner.java", List.of("solution"), "Show a lesson's reference solution (asks first)"),
            new Tool("reset", "tools/runner.java", List.of("reset"), "Put a lesson's stubs back (your code is backed up)"),
            new Tool("quiz", "tools/quiz.java", List.of(), "Check yourself: a few questions on one lesson, each answer explained: ./jbang quiz 01"),
            new Tool("catalogue", "tools/catalogue.java", List.of(), "Check a catalogue of access patterns against the store"
                    + " (--plan: its plans alone, no cluster): ./jbang catalogue [--plan] path/to/MyCatalogue.java"),
            new Tool("room", "tools/room.java", List.of(), "A room: its live grid (WORKSHOP_ROOM), --serve for a page;"
                    + " room add NAME: a learner's login; room export FILE.csv: the grid as CSV; room reset: empty it;"
                    + " room serve: a room the learners' checks feed over HTTP (room code NAME, room join URL CODE)"),
            new Tool("decks", "tools/decks.java", List.of(), "Build every deck as a page and a PDF, and the handout PDF,"
                    + " into slides/target/slides, checked: ./jbang decks [NN,NN]"),
            new Tool("generate", "tools/jbang_catalog.java", List.of(), "Rewrite this file, the grading set-ups (Classroom 50,"
                    + " Gradescope, the CI workflow), the VS Code tasks and the agenda from the lesson list"));

    private JbangCatalog() {}

    public static String render() {
        List<String> entries = new ArrayList<>();
        for (Lesson lesson : Lessons.ALL) {
            entries.add(entry(lesson.alias(), lesson.script(), List.of(), "Lesson " + lesson.number() + ": " + lesson.title()));
        }
        for (Tool tool : TOOLS) {
            entries.add(entry(tool.alias(), tool.script(), tool.arguments(), tool.description()));
        }
        return "{\n  \"aliases\": {\n" + String.join(",\n", entries) + "\n  }\n}\n";
    }

    public static Path file() {
        return Workshop.root().resolve("jbang-catalog.json");
    }

    public static void write() {
        try {
            Files.writeString(file(), render());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String entry(String alias, String script, List<String> arguments, String description) {
        StringBuilder json = new StringBuilder("    \"").append(alias).append("\": { \"script-ref\": \"").append(script).append('"');
        if (!arguments.isEmpty()) {
            json.append(", \"arguments\": [");
            json.append(String.join(", ", arguments.stream().map(a -> '"' + a + '"').toList()));
            json.append(']');
        }
        return json.append(", \"description\": \"").append(description.replace("\"", "\\\"")).append("\" }").toString();
    }
}
