package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import workshop.kit.Versions;
import workshop.kit.Workshop;

/**
 * A hosted runner starts with neither store: every store a lesson's tests use (read from the
 * tests' sources) must be installed by a step that runs before the step grading that lesson, in
 * the workflow and in autograding.json alike.
 */
class ClassroomStoresTest {

    enum Store { CASSANDRA, DYNAMODB }

    private static final Pattern CHECK = Pattern.compile("\\./jbang check (\\d\\d[a-z]?)");
    private static final Pattern COMMAND = Pattern.compile("(?m)^\\s*(?:run|setup-command): (.*)$");
    private static final Pattern TEST = Pattern.compile("\"setup\": \"((?:[^\"\\\\]|\\\\.)*)\",\\s*\"run\": \"((?:[^\"\\\\]|\\\\.)*)\"");

    @Test
    void theWorkflowInstallsEveryStoreBeforeTheStepThatGradesALessonUsingIt() throws IOException {
        Map<String, Set<Store>> installedBefore = new LinkedHashMap<>();
        Set<Store> installed = EnumSet.noneOf(Store.class);
        for (String step : Files.readString(Classroom.workflowFile()).split("\n    - name: ")) {
            Matcher command = COMMAND.matcher(step);
            while (command.find()) {
                installed.addAll(installedBy(command.group(1)));
            }
            Matcher check = CHECK.matcher(step);
            if (check.find()) {
                installedBefore.put(check.group(1), Set.copyOf(installed));
            }
        }
        assertCovers(installedBefore, ".github/workflows/classroom.yml");
    }

    @Test
    void autogradingInstallsEveryStoreInTheSetupOfALessonUsingIt() throws IOException {
        Map<String, Set<Store>> installedBefore = new LinkedHashMap<>();
        Matcher test = TEST.matcher(Files.readString(Classroom.autogradingFile()));
        while (test.find()) {
            Matcher check = CHECK.matcher(test.group(2));
            if (check.find()) { // a later task's test reads the grade its lesson's first test left
                installedBefore.put(check.group(1), installedBy(test.group(1).replace("\\\"", "\"")));
            }
        }
        assertCovers(installedBefore, ".github/classroom/autograding.json");
    }

    @Test
    void theLessonsUseBothStoresSoTheChecksAboveCanFail() throws IOException {
        Set<Store> used = EnumSet.noneOf(Store.class);
        for (Lesson lesson : Classroom.graded()) {
            used.addAll(usedByTests(lesson));
        }
        assertEquals(EnumSet.allOf(Store.class), used);
    }

    private static void assertCovers(Map<String, Set<Store>> installedBefore, String file) throws IOException {
        List<String> missing = new ArrayList<>();
        for (Lesson lesson : Classroom.graded()) {
            Set<Store> available = installedBefore.get(lesson.number());
            assertTrue(available != null, file + " does not grade lesson " + lesson.number());
            Set<Store> needed = usedByTests(lesson);
            needed.removeAll(available);
            if (!needed.isEmpty()) {
                missing.add("lesson " + lesson.number() + " needs " + needed);
            }
        }
        assertTrue(missing.isEmpty(), file + ": a store is not installed before the grading step: " + missing);
    }

    /** Which stores a shell command installs or starts. */
    private static Set<Store> installedBy(String command) {
        Set<Store> stores = EnumSet.noneOf(Store.class);
        if (command.contains("./jbang up")) {
            stores.add(Store.CASSANDRA);
        }
        if (command.contains("pip install") && command.contains("\"" + Versions.motoRequirement() + "\"")) {
            stores.add(Store.DYNAMODB);
        }
        return stores;
    }

    /** Which stores the tests of a lesson's exercise reach, from the JUnit extensions they use. */
    private static Set<Store> usedByTests(Lesson lesson) throws IOException {
        Path tests = Workshop.root().resolve("exercises/src/test/java")
                .resolve(lesson.exercisePackage().orElseThrow().replace('.', '/'));
        Set<Store> stores = EnumSet.noneOf(Store.class);
        try (Stream<Path> files = Files.walk(tests)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file);
                if (source.contains("CassandraExtension") || source.contains("CqlSession")) {
                    stores.add(Store.CASSANDRA);
                }
                if (source.contains("DynamoExtension") || source.contains("DynamoDbClient")) {
                    stores.add(Store.DYNAMODB);
                }
            }
        }
        return stores;
    }
}
