package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import workshop.kit.Versions;
import workshop.kit.Workshop;

/**
 * A grading machine starts with neither store: every set-up must install moto and start the
 * Cassandra cluster before its grade runs, and the lessons graded do use both, so these checks can fail.
 */
class GradingStoresTest {

    enum Store { CASSANDRA, DYNAMODB }

    /** The stores a set-up's text installs or starts before the line that runs the grade. */
    private static Set<Store> installedBeforeTheGrade(String text) {
        int grade = text.lastIndexOf("./jbang grade");
        assertTrue(grade > 0, "no ./jbang grade in:\n" + text);
        String before = text.substring(0, grade);
        Set<Store> stores = EnumSet.noneOf(Store.class);
        if (before.contains("./jbang up")) {
            stores.add(Store.CASSANDRA);
        }
        if (before.contains("pip install") && before.contains(Versions.motoRequirement())
                || before.contains("tools/prefetch")) { // the offline kit installs moto (tools/prefetch)
            stores.add(Store.DYNAMODB);
        }
        return stores;
    }

    @Test
    void everySetUpInstallsBothStoresBeforeItGrades() {
        assertEquals(EnumSet.allOf(Store.class), installedBeforeTheGrade(GradeWorkflow.file().content()));
        assertEquals(EnumSet.allOf(Store.class), installedBeforeTheGrade(Classroom50.autograder().content()));
        // Gradescope: setup.sh builds the image with the offline kit; run_autograder starts the node.
        assertEquals(EnumSet.allOf(Store.class), installedBeforeTheGrade(
                Gradescope.setup().content() + Gradescope.runAutograder().content()));
    }

    @Test
    void theOfflineKitInstallsMoto() throws IOException {
        assertTrue(Files.readString(Workshop.root().resolve("tools/prefetch")).contains("WORKSHOP_INSTALL_MOTO=yes"));
    }

    @Test
    void theLessonsUseBothStoresSoTheChecksAboveMatter() throws IOException {
        Set<Store> used = EnumSet.noneOf(Store.class);
        for (Lesson lesson : GradedPart.gradedLessons()) {
            Path tests = lesson.files(Workshop.root()).tests();
            try (Stream<Path> files = Files.walk(tests)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String source = Files.readString(file);
                    if (source.contains("CassandraExtension") || source.contains("CqlSession")) {
                        used.add(Store.CASSANDRA);
                    }
                    if (source.contains("DynamoExtension") || source.contains("DynamoDbClient")) {
                        used.add(Store.DYNAMODB);
                    }
                }
            }
        }
        assertEquals(EnumSet.allOf(Store.class), used);
    }
}
