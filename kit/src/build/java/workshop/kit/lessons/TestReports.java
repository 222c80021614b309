package workshop.kit.lessons;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Reads JUnit XML reports (as Maven's surefire writes them) and sorts each test under its lesson. */
public final class TestReports {

    /** One test's outcome; errors and skips count as not passed, since neither proves anything. */
    public record Outcome(String lessonId, String test, boolean passed, String message) {}

    /** Passed and failed counts. */
    public record Counts(int passed, int failed) {
        public Counts plus(Counts other) {
            return new Counts(passed + other.passed, failed + other.failed);
        }

        public int total() {
            return passed + failed;
        }
    }

    private TestReports() {}

    public static List<Outcome> read(Path reportsDir) {
        List<Outcome> outcomes = new ArrayList<>();
        if (!Files.isDirectory(reportsDir)) {
            return outcomes;
        }
        try (Stream<Path> files = Files.list(reportsDir)) {
            for (Path report : files.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList()) {
                NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile())
                        .getElementsByTagName("testcase");
                for (int i = 0; i < cases.getLength(); i++) {
                    Element testCase = (Element) cases.item(i);
                    Optional<Lesson> lesson = Lessons.ofTestClass(testCase.getAttribute("classname"));
                    if (lesson.isEmpty()) {
                        continue;
                    }
                    Optional<Element> problem = Stream.of("failure", "error", "skipped")
                            .map(tag -> testCase.getElementsByTagName(tag))
                            .filter(list -> list.getLength() > 0)
                            .map(list -> (Element) list.item(0))
                            .findFirst();
                    String test = testCase.getAttribute("classname").replaceAll(".*\\.", "") + "." + testCase.getAttribute("name");
                    outcomes.add(new Outcome(lesson.get().id(), test, problem.isEmpty(),
                            problem.map(TestReports::messageOf).orElse("")));
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read test reports in " + reportsDir, e);
        }
        return outcomes;
    }

    public static Map<String, Counts> countByLesson(List<Outcome> outcomes) {
        Map<String, Counts> counts = new TreeMap<>();
        for (Outcome outcome : outcomes) {
            counts.merge(outcome.lessonId(), new Counts(outcome.passed() ? 1 : 0, outcome.passed() ? 0 : 1), Counts::plus);
        }
        return counts;
    }

    private static String messageOf(Element problem) {
        String message = problem.getAttribute("message");
        String type = problem.getAttribute("type");
        if (message.isBlank()) {
            return type.isBlank() ? "(no message)" : type;
        }
        return type.isBlank() || type.contains("AssertionFailedError") ? message : type.replaceAll(".*\\.", "") + ": " + message;
    }
}
