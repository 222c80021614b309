package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Scripts get their libraries from //DEPS lines, Maven from the poms: both must list the same
 * libraries at the same versions. Each family of scripts has its //DEPS in one file: lessons and
 * tools take the kit's (its package-info.java), the runner takes the kit's and those of testkit
 * and the runner module (LessonCheck.java); the scripts themselves declare none. A fixture's
 * library is declared by the fixture package that needs it (its package-info.java), so only the
 * lessons compiling it get it.
 */
class KitDependenciesTest {

    private static final Pattern DEPS = Pattern.compile("^//DEPS (\\S+)$", Pattern.MULTILINE);
    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");
    private static final Path ROOT = Workshop.root();

    @Test
    void theKitsDepsLinesAreItsPomsDependencies() {
        String file = "kit/src/main/java/workshop/kit/package-info.java";
        assertEquals(List.of(file), filesWithDeps("kit/src"), "the kit's //DEPS lines belong in one file");
        assertEquals(pomDependencies("kit/pom.xml"), deps(file),
                file + " (for jbang) and kit/pom.xml (for Maven) must list the same libraries and versions");
    }

    @Test
    void theFixturesDepsLinesAreInThePackagesThatNeedThemAndTogetherItsPomsDependencies() {
        List<String> files = filesWithDeps("fixtures/src");
        assertTrue(files.stream().allMatch(file -> file.startsWith("fixtures/src/main/java/") && file.endsWith("/package-info.java")),
                "a fixture's //DEPS lines belong in its package's package-info.java: " + files);
        Set<String> declared = new TreeSet<>();
        files.forEach(file -> declared.addAll(deps(file)));
        assertEquals(pomDependencies("fixtures/pom.xml"), declared,
                "the fixture packages' //DEPS lines (for jbang) and fixtures/pom.xml (for Maven) must list the same libraries and versions");
    }

    @Test
    void theRunnersDepsLinesAreTestkitsAndTheRunnersDependencies() {
        String file = "runner/src/main/java/workshop/runner/LessonCheck.java";
        assertEquals(List.of(), filesWithDeps("testkit/src"), "the runner's //DEPS lines cover testkit's too");
        assertEquals(List.of(file), filesWithDeps("runner/src"), "the runner's //DEPS lines belong in one file");
        Set<String> expected = new TreeSet<>(pomDependencies("testkit/pom.xml"));
        expected.addAll(pomDependencies("runner/pom.xml"));
        expected.add("org.junit:junit-bom:" + properties().get("junit.version") + "@pom");
        assertEquals(expected, deps(file), file + " (for jbang) and testkit/pom.xml with runner/pom.xml (for Maven)"
                + " must list the same libraries and versions");
    }

    @Test
    void scriptsTakeTheirLibrariesFromTheSourcesTheyCompile() {
        List<String> scripts = Stream.concat(filesWithDeps("lessons").stream(), filesWithDeps("tools").stream())
                .filter(script -> !script.equals("tools/shell.jsh")).toList();
        assertEquals(List.of(), scripts, "a script's libraries come with the kit's sources: no //DEPS of its own");
        assertEquals(Set.of("dev.accesspatterns:kit:" + projectVersion()), deps("tools/shell.jsh"),
                "the JShell prompt loads the installed kit, at the project's version");
    }

    /** Group:artifact:version of each dependency the module needs at run time, besides the workshop's own modules. */
    private static Set<String> pomDependencies(String pom) {
        Element project = xml(pom);
        Map<String, String> properties = properties();
        Set<String> dependencies = new TreeSet<>();
        for (Element dependency : children(child(project, "dependencies"), "dependency")) {
            String groupId = text(dependency, "groupId");
            if (groupId.equals("dev.accesspatterns") || "test".equals(text(dependency, "scope"))) {
                continue;
            }
            String version = PROPERTY.matcher(text(dependency, "version")).replaceAll(m -> properties.get(m.group(1)));
            dependencies.add(groupId + ":" + text(dependency, "artifactId") + ":" + version);
        }
        assertFalse(dependencies.isEmpty(), pom + " lists no dependency");
        return dependencies;
    }

    private static Map<String, String> properties() {
        Map<String, String> properties = new HashMap<>();
        for (Element property : children(child(xml("pom.xml"), "properties"), null)) {
            properties.put(property.getTagName(), property.getTextContent().trim());
        }
        return properties;
    }

    private static String projectVersion() {
        return text(xml("pom.xml"), "version");
    }

    private static Set<String> deps(String file) {
        Set<String> deps = new TreeSet<>();
        Matcher matcher = DEPS.matcher(read(ROOT.resolve(file)));
        while (matcher.find()) {
            deps.add(matcher.group(1));
        }
        return deps;
    }

    private static List<String> filesWithDeps(String dir) {
        try (Stream<Path> files = Files.walk(ROOT.resolve(dir))) {
            return files.filter(p -> p.toString().endsWith(".java") || p.toString().endsWith(".jsh"))
                    .filter(p -> DEPS.matcher(read(p)).find())
                    .map(p -> ROOT.relativize(p).toString().replace('\\', '/')).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Element xml(String pom) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve(pom).toFile()).getDocumentElement();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot read " + pom, e);
        }
    }

    private static Element child(Element parent, String tag) {
        return children(parent, tag).get(0);
    }

    /** Direct child elements, of one tag or (null) all. */
    private static List<Element> children(Element parent, String tag) {
        List<Element> children = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element e && (tag == null || e.getTagName().equals(tag))) {
                children.add(e);
            }
        }
        return children;
    }

    private static String text(Element parent, String tag) {
        List<Element> found = children(parent, tag);
        return found.isEmpty() ? null : found.get(0).getTextContent().trim();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
