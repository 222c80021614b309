package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;

/**
 * A lesson script compiles the kit and, by one //SOURCES line each, the fixture packages it uses:
 * those its own code, its given types and its solutions import or name, and the fixtures those use
 * in turn. A line missing stops the lesson under jbang; a line left over compiles, and loads the
 * libraries of, a fixture the lesson never runs. The runner compiles the fixtures the exercises it
 * grades use, by the same rule.
 */
class LessonFixturesTest {

    private static final Path ROOT = Workshop.root();
    private static final String FIXTURES = "fixtures/src/main/java/";
    private static final Pattern SOURCES = Pattern.compile("(?m)^//SOURCES (\\S+)$");
    private static final Pattern FIXTURE_SOURCES = Pattern.compile("((?:\\.\\./)+)" + FIXTURES + "(workshop/fixtures/\\w+)/\\*\\.java");
    private static final PackageGraph GRAPH = PackageGraph.of(ROOT.resolve(FIXTURES));

    static List<String> lessons() {
        return Lessons.ALL.stream().map(Lesson::script).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void aLessonListsExactlyTheFixturePackagesItUses(String lesson) {
        Path script = ROOT.resolve(lesson);
        String text = read(script);
        Set<String> used = new TreeSet<>(GRAPH.usedBy(text));
        String up = toRoot(lesson);
        for (String source : sources(text)) {
            if (!source.startsWith(up + "kit/") && !source.startsWith(up + "fixtures/")) {
                files(script.getParent(), source).forEach(file -> used.addAll(GRAPH.usedBy(read(file))));
            }
        }
        assertListed(lesson, text, used);
    }

    @Test
    void theRunnerListsExactlyTheFixturePackagesTheExercisesItGradesUse() throws IOException {
        Set<String> used = new TreeSet<>();
        List<Path> trees = Stream.concat(Stream.of(ROOT.resolve("exercises/src")), Lessons.ALL.stream()
                .filter(l -> l.exercisePackage().isPresent()).map(l -> l.files(ROOT))
                .flatMap(f -> Stream.of(f.stubs(), f.given(), f.tests()))).toList();
        for (Path tree : trees) {
            try (Stream<Path> files = Files.walk(tree)) {
                files.filter(p -> p.toString().endsWith(".java")).forEach(file -> used.addAll(GRAPH.usedBy(read(file))));
            }
        }
        assertFalse(used.isEmpty(), "no exercise uses a fixture: the test reads the wrong folders");
        assertListed("tools/runner.java", read(ROOT.resolve("tools/runner.java")), used);
    }

    private static void assertListed(String script, String text, Set<String> used) {
        Set<String> needed = withWhatTheyUse(used);
        Set<String> listed = new TreeSet<>();
        String up = toRoot(script);
        for (String source : sources(text)) {
            Matcher fixture = FIXTURE_SOURCES.matcher(source);
            if (fixture.matches() && fixture.group(1).equals(up)) {
                listed.add(fixture.group(2).replace('/', '.'));
            } else {
                assertFalse(source.contains("fixtures/"), script + " compiles " + source
                        + ": list one fixture package a line, //SOURCES " + up + FIXTURES + "workshop/fixtures/NAME/*.java");
            }
        }
        assertEquals(lines(up, needed), lines(up, listed), script + "'s //SOURCES lines for fixtures are not the ones"
                + " it needs: expected the lines below");
    }

    /** The way up from a script's folder to the checkout's root, as its //SOURCES lines start: "../../". */
    private static String toRoot(String script) {
        return "../".repeat(Path.of(script).getNameCount() - 1);
    }

    /** The packages and every fixture package they use, directly or through others. */
    private static Set<String> withWhatTheyUse(Set<String> packages) {
        Set<String> all = new TreeSet<>(packages);
        Deque<String> toVisit = new ArrayDeque<>(packages);
        while (!toVisit.isEmpty()) {
            GRAPH.dependenciesOf(toVisit.removeFirst()).stream().filter(all::add).forEach(toVisit::addLast);
        }
        return all;
    }

    /** The //SOURCES lines a script would need, so a failure shows the lines to add or remove. */
    private static String lines(String up, Set<String> packages) {
        return packages.stream().map(p -> "//SOURCES " + up + FIXTURES + p.replace('.', '/') + "/*.java")
                .collect(Collectors.joining("\n"));
    }

    private static List<String> sources(String script) {
        return SOURCES.matcher(script).results().map(m -> m.group(1)).toList();
    }

    /** The files a //SOURCES line names, relative to the script's folder: one file, or a folder's files matching a glob. */
    private static List<Path> files(Path folder, String source) {
        Path path = folder.resolve(source).normalize();
        if (!path.getFileName().toString().contains("*")) {
            return List.of(path);
        }
        PathMatcher glob = path.getFileSystem().getPathMatcher("glob:" + path.getFileName());
        try (Stream<Path> files = Files.list(path.getParent())) {
            return files.filter(file -> glob.matches(file.getFileName())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
