package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every file that names a Cassandra or moto version names the one in Versions. */
class VersionsTest {

    private static final Pattern CASSANDRA = Pattern.compile(
            "cassandra:(\\d+\\.\\d+\\.\\d+)|<artifactId>cassandra-all</artifactId>\\s*<version>([^<]+)<");
    private static final Pattern UNPINNED = Pattern.compile("moto\\[server\\](?!==)");
    private static final Pattern MOTO = Pattern.compile("motoserver/moto:(\\d[\\w.]*)|moto\\[server\\]==(\\d[\\w.]*\\d)");

    @Test
    void everyFileNamesTheVersionsInOnePlace() throws IOException {
        List<String> drift = new ArrayList<>();
        for (Path file : files()) {
            String text = Files.readString(file);
            drift.addAll(mismatches(file, CASSANDRA, text, Versions.CASSANDRA));
            drift.addAll(mismatches(file, MOTO, text, Versions.MOTO));
            if (UNPINNED.matcher(text).find()) {
                drift.add(file + ": moto[server] without ==" + Versions.MOTO);
            }
        }
        assertTrue(drift.isEmpty(), "versions differ from workshop.kit.Versions:\n  " + String.join("\n  ", drift));
    }

    @Test
    void theStoresThatRunAreThePinnedOnes() throws IOException {
        String compose = read("docker/compose.yaml");
        assertTrue(compose.contains("image: cassandra:" + Versions.CASSANDRA), "compose.yaml's Cassandra image");
        assertTrue(compose.contains("image: motoserver/moto:" + Versions.MOTO), "compose.yaml's moto image");
        assertTrue(read("kit/cassandra-server/pom.xml").matches("(?s).*<artifactId>cassandra-all</artifactId>\\s*<version>"
                + Pattern.quote(Versions.CASSANDRA) + "</version>.*"), "the embedded nodes' cassandra-all");
        assertTrue(read("README.md").contains(Versions.motoRequirement()), "the README's pip command is pinned");
    }

    @Test
    void theScanFindsADifferentVersion() {
        assertEquals(List.of("x: cassandra 4.1.9"), mismatches(Path.of("x"), CASSANDRA, "image: cassandra:4.1.9", "5.0.6"));
        assertTrue(UNPINNED.matcher("pip install \"moto[server]\"").find());
        assertFalse(UNPINNED.matcher("pip install \"moto[server]==5.1.4\"").find());
    }

    private static List<String> mismatches(Path file, Pattern pattern, String text, String expected) {
        List<String> drift = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            String found = matcher.group(1) != null ? matcher.group(1) : matcher.group(2);
            if (!found.equals(expected)) {
                drift.add(file + ": " + (pattern == CASSANDRA ? "cassandra " : "moto ") + found);
            }
        }
        return drift;
    }

    private static List<Path> files() throws IOException {
        Path root = Workshop.root();
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("docker/compose.yaml"),
                root.resolve("kit/cassandra-server/pom.xml"), root.resolve(".github/workflows/grade.yml"),
                root.resolve("autograding/classroom50/autograder.py"), root.resolve("autograding/gradescope/setup.sh")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(f -> f.toString().endsWith(".md")).forEach(files::add);
        }
        return files;
    }

    private static String read(String path) throws IOException {
        return Files.readString(Workshop.root().resolve(path));
    }
}
