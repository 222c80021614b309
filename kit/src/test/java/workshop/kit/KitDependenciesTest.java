package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Lessons get the kit's libraries from //DEPS lines, Maven from kit/pom.xml: the versions must agree. */
class KitDependenciesTest {

    private static final Pattern DEPS = Pattern.compile("^//DEPS ([\\w.-]+):([\\w.-]+):([\\w.-]+)$", Pattern.MULTILINE);
    private static final Pattern PROPERTY = Pattern.compile("<([\\w.-]+)>([^<]+)</\\1>");
    private static final Pattern DEPENDENCY = Pattern.compile(
            "<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*<version>([^<]+)</version>");

    @Test
    void depsLinesMatchThePom() throws Exception {
        Path root = Workshop.root();
        String parent = Files.readString(root.resolve("pom.xml"));
        Map<String, String> properties = new HashMap<>();
        PROPERTY.matcher(parent.substring(parent.indexOf("<properties>"), parent.indexOf("</properties>")))
                .results().forEach(m -> properties.put(m.group(1), m.group(2)));
        Map<String, String> pomVersions = new HashMap<>();
        DEPENDENCY.matcher(Files.readString(root.resolve("kit/pom.xml"))).results().forEach(m -> {
            String version = m.group(3).startsWith("${") ? properties.get(m.group(3).substring(2, m.group(3).length() - 1)) : m.group(3);
            pomVersions.put(m.group(1) + ":" + m.group(2), version);
        });
        Map<String, String> depsVersions = new HashMap<>();
        try (Stream<Path> sources = Files.walk(root.resolve("kit/src/main/java"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher deps = DEPS.matcher(Files.readString(source));
                while (deps.find()) {
                    depsVersions.put(deps.group(1) + ":" + deps.group(2), deps.group(3));
                }
            }
        }
        assertFalse(depsVersions.isEmpty());
        depsVersions.forEach((artifact, version) -> assertEquals(pomVersions.get(artifact), version,
                artifact + ": a kit //DEPS line says " + version + ", kit/pom.xml says " + pomVersions.get(artifact)));
    }
}
