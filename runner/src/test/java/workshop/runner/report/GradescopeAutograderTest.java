package workshop.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lessons;

/**
 * Gradescope's run_autograder as Gradescope runs it, without Gradescope: /autograder re-rooted in a
 * scratch folder (source from tools/gradescope-zip, submission, results), graded on lesson 02 with
 * one node, once with the reference solution submitted as loose files and once with the stubs in
 * the repository's layout. results.json must be valid by the specification's schema, full marks
 * for the first, 0 for the second. It starts a node each time, on ports of its own ({@link #PORT_SHIFT}).
 */
class GradescopeAutograderTest {

    private static final Path REPO = Workshop.root();
    private static final String LESSON = "02";
    /** Ports this far above the environment's, so a cluster the build left running is not in the way. */
    static final int PORT_SHIFT = 10;

    @TempDir
    static Path autograder;

    @BeforeAll
    static void buildTheAutograder() throws Exception {
        assertEquals(0, run(REPO, "python3", "tools/gradescope-zip", LESSON, "--dir", autograder.resolve("source").toString()),
                GradescopeAutograderTest::printed);
    }

    /**
     * Runs the command with its output appended to {@link #output()}: written to this JVM's own
     * standard output it would cross the channel the test JVM reports to Maven on.
     */
    private static int run(Path dir, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output().toFile()));
        builder.environment().put("AUTOGRADER_ROOT", autograder.toString());
        builder.environment().put("WORKSHOP_CASSANDRA_PORT", shifted("WORKSHOP_CASSANDRA_PORT", 9042));
        builder.environment().put("WORKSHOP_DYNAMO_PORT", shifted("WORKSHOP_DYNAMO_PORT", 5050));
        return builder.start().waitFor();
    }

    /** What the scripts printed, every run's in turn: the test's report names it when one fails. */
    private static Path output() {
        return autograder.resolve("output.log");
    }

    private static String shifted(String variable, int standard) {
        return Integer.toString(Integer.parseInt(System.getenv().getOrDefault(variable, Integer.toString(standard))) + PORT_SHIFT);
    }

    /** Runs run_autograder on these files, laid out under submission/ at these paths; its results.json. */
    private static JsonNode grade(Path from, String layout) throws Exception {
        Path submission = autograder.resolve("submission");
        for (Path old : List.of(submission, autograder.resolve("results"))) {
            if (Files.exists(old)) {
                try (Stream<Path> files = Files.walk(old)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
        Path into = Files.createDirectories(submission.resolve(layout));
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, into.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        run(autograder, "bash", autograder.resolve("source/run_autograder").toString());
        // setup.sh leaves the node's class archive in the source; the first run made it: kept as setup.sh would.
        Path archive = autograder.resolve("work/.workshop/cassandra/cds");
        Path kept = autograder.resolve("source/workshop/.workshop/cassandra/cds");
        if (Files.isDirectory(archive) && !Files.exists(kept)) {
            Files.createDirectories(kept.getParent());
            Files.move(archive, kept);
        }
        Path results = autograder.resolve("results/results.json");
        assertTrue(Files.exists(results), () -> "run_autograder wrote no results.json; what it printed:\n" + printed());
        String json = Files.readString(results);
        assertEquals(List.of(), Cards.errors("gradescope-results.schema.json", json));
        return new ObjectMapper().readTree(json);
    }

    private static String printed() {
        try {
            return Files.readString(output());
        } catch (IOException e) {
            return "(" + output() + " could not be read: " + e.getMessage() + ")";
        }
    }

    @Test
    void theSolutionScoresFullMarksAndTheStubsZero() throws Exception {
        Path stubs = Lessons.require(LESSON).files(REPO).stubs();
        JsonNode stub = grade(stubs, "my-repo/" + REPO.relativize(stubs).toString().replace('\\', '/'));
        assertEquals(0, stub.get("score").asInt(), stub.toString());
        assertEquals("failed", stub.at("/tests/0/status").asText());

        JsonNode solved = grade(Lessons.require(LESSON).files(REPO).solution(), "");
        assertEquals(10, solved.get("score").asInt(), solved.toString());
        assertEquals("passed", solved.at("/tests/0/status").asText());
        assertEquals(10, solved.at("/tests/0/max_score").asInt());
    }
}
