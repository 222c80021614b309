package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lessons;
import workshop.kit.tools.JavaSources;

/**
 * The learner's stubs state questions, rates, sizes and rules; the keys, the layout and any bucket
 * formula of a table the learner designs belong in the last stage of the hints. This reads every
 * stub (each lesson's src/, and the bonus's under exercises/src/main/java) and lists each place that
 * hands a design over.
 */
class StubsAskTest {

    /** What hands a design over, each named as the failure says it. */
    private static final List<Design> DESIGNS = List.of(
            new Design("a primary key", Pattern.compile("(?i)primary\\s+key")),
            new Design("a clustering order", Pattern.compile("(?i)clustering\\s+order")),
            new Design("a partition key", Pattern.compile("(?i)\\bpartition(ed)?\\s+by\\s+\\w+")),
            new Design("a key layout", Pattern.compile("\\b[A-Z]{2,}#")),
            new Design("a pk/sk key list", Pattern.compile("\\bpk\\b[^\\n]{0,40}\\bsk\\b")),
            new Design("a bucket formula", Pattern.compile("(?i)\\w+\\s*/\\s*\\w*bucket\\w*")));

    /** Tables an exercise gives rather than asks for: the stub may describe them. */
    private static final List<Allowed> GIVEN = List.of(
            new Allowed("workshop/lesson05/YearlyExport.java", "a primary key",
                    "lesson 05's messages table is the test's: it creates and fills it, the export only scans it"));

    private record Design(String name, Pattern pattern) {}

    private record Allowed(String stub, String design, String reason) {}

    @Test
    void noStubHandsOverTheDesignOfATableTheLearnerDesigns() {
        List<Path> roots = new ArrayList<>(List.of(Workshop.root().resolve("exercises/src/main/java")));
        Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent())
                .forEach(l -> roots.add(l.files(Workshop.root()).stubsRoot()));
        List<String> found = new ArrayList<>();
        roots.forEach(stubs -> JavaSources.javaFiles(stubs).forEach(file -> found.addAll(designsIn(stubs, file))));
        assertEquals(List.of(), found, "Stubs ask the questions (rates, sizes, rules) and leave the design to"
                + " the learner: move these to the last stage of the lesson's hints, or list a table the"
                + " exercise gives in GIVEN with its reason");
    }

    private static List<String> designsIn(Path stubs, Path file) {
        String stub = stubs.relativize(file).toString().replace('\\', '/');
        List<String> lines = read(file);
        List<String> found = new ArrayList<>();
        for (Design design : DESIGNS) {
            if (GIVEN.stream().anyMatch(a -> a.stub().equals(stub) && a.design().equals(design.name()))) {
                continue;
            }
            for (int i = 0; i < lines.size(); i++) {
                Matcher match = design.pattern().matcher(lines.get(i));
                if (match.find()) {
                    found.add(stub + ":" + (i + 1) + ": " + design.name() + " (" + match.group() + ")");
                }
            }
        }
        return found;
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
