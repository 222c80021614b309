package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Classroom 50 files against the contract its wiki states (Advanced Autograding): the
 * autograder runs in the student's checkout, leaves ./result.json there, exits 0 once it graded
 * and non-zero for an infrastructure failure; the runtime block names only the fields it documents.
 * A stand-in ./jbang records what the autograder asks and writes the grade's files; the grade's
 * result.json itself is held to the contract's schema in the runner's tests.
 */
class Classroom50ContractTest {

    private static final String FAKE_JBANG = """
            #!/usr/bin/env bash
            echo "$*" >> calls.txt
            case "$1" in
              up) exit "${UP_EXIT:-0}" ;;
              grade)
                mkdir -p .workshop/grades
                printf '{"schema": "classroom50/result/v1", "datetime": "%s"}' "$SUBMITTED_AT" > .workshop/grades/classroom50-result.json
                echo '### 10 of 140 points' > .workshop/grades/summary.md ;;
            esac
            """;

    private static Path checkout(Path dir) throws Exception {
        Files.writeString(dir.resolve("jbang"), FAKE_JBANG);
        Files.setPosixFilePermissions(dir.resolve("jbang"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(dir.resolve(".workshop/python/bin"));
        Files.writeString(dir.resolve(".workshop/python/bin/moto_server"), "");
        Files.setPosixFilePermissions(dir.resolve(".workshop/python/bin/moto_server"), PosixFilePermissions.fromString("rwxr-xr-x"));
        run(dir, Map.of(), "git", "init", "-q");
        run(dir, Map.of("GIT_COMMITTER_DATE", "2026-12-01T10:00:00+02:00", "GIT_AUTHOR_DATE", "2026-12-01T10:00:00+02:00"),
                "git", "-c", "user.name=ana", "-c", "user.email=ana@example.org", "commit", "-q", "--allow-empty", "-m", "done");
        return dir;
    }

    private static int run(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        System.out.print(output);
        return exit;
    }

    private static int autograde(Path dir, Map<String, String> env) throws Exception {
        Path script = Path.of(Classroom50.autograder().file().toString());
        Map<String, String> runner = new java.util.HashMap<>(Map.of("CLASSROOM", "data-modeling", "ASSIGNMENT", "workshop",
                "OWNER", "ana"));
        runner.putAll(env);
        return run(dir, runner, "python3", script.toString());
    }

    @Test
    void theAutograderGradesInTheCheckoutAndLeavesResultJsonThere(@TempDir Path dir) throws Exception {
        checkout(dir);
        assertEquals(0, autograde(dir, Map.of()));
        List<String> calls = Files.readAllLines(dir.resolve("calls.txt"));
        String lessons = GradedPart.gradedLessons().stream().map(Lesson::number).collect(Collectors.joining(" "));
        assertEquals(List.of("up", "grade " + lessons + " --out .workshop/grades --learner ana", "down"), calls);
        JsonNode result = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        assertEquals("classroom50/result/v1", result.get("schema").asText());
        // The submission instant is the graded commit's committer date, in UTC.
        assertEquals("2026-12-01T08:00:00Z", result.get("datetime").asText());
        assertEquals("### 10 of 140 points\n", Files.readString(dir.resolve("release-body.md")));
    }

    @Test
    void storesThatDoNotStartAreAnInfrastructureErrorNotAZero(@TempDir Path dir) throws Exception {
        checkout(dir);
        assertEquals(1, autograde(dir, Map.of("UP_EXIT", "1")));
        assertFalse(Files.exists(dir.resolve("result.json")));
        assertEquals(List.of("up"), Files.readAllLines(dir.resolve("calls.txt")));
    }

    @Test
    void theRuntimeBlockNamesOnlyDocumentedFieldsWithJava17() throws Exception {
        JsonNode runtime = new ObjectMapper().readTree(Classroom50.runtime().content());
        Set<String> documented = Set.of("runs-on", "python", "node", "java", "go", "rust", "apt", "container");
        runtime.fieldNames().forEachRemaining(field -> assertTrue(documented.contains(field), field));
        assertEquals("17", runtime.get("java").asText());
        assertFalse(runtime.has("apt") && runtime.has("container"), "apt and container exclude each other");
    }
}
