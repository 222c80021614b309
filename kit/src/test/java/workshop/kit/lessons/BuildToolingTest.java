package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

/**
 * Lesson scripts compile kit/src/main/java alone (their //SOURCES line): nothing there may use the
 * build's tooling in kit/src/build/java, or every lesson would stop compiling under jbang.
 */
class BuildToolingTest {

    @Test
    void theLessonsKitDoesNotUseTheBuildTooling() throws IOException {
        Path root = Workshop.root();
        List<String> tooling;
        try (Stream<Path> files = Files.walk(root.resolve("kit/src/build/java"))) {
            tooling = files.filter(p -> p.toString().endsWith(".java"))
                    .map(p -> p.getFileName().toString().replace(".java", "")).toList();
        }
        Pattern uses = Pattern.compile("\\b(" + String.join("|", tooling) + ")\\b");
        try (Stream<Path> files = Files.walk(root.resolve("kit/src/main/java"))) {
            List<String> offenders = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> uses.matcher(read(p)).find()).map(p -> root.relativize(p).toString()).toList();
            assertEquals(List.of(), offenders, "these use " + tooling + ", which lessons do not compile");
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
