package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No package of a module depends on itself through others: each module's packages stand in
 * layers, so a package can be moved or split off (a lesson fixture, the runner) without the rest.
 * Every module the root pom lists is read, so a new one is checked too.
 */
class PackageCyclesTest {

    private static final Path ROOT = Workshop.root();
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    static List<String> modules() throws IOException {
        return MODULE.matcher(Files.readString(ROOT.resolve("pom.xml"))).results().map(m -> m.group(1)).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modules")
    void noPackageDependsOnItselfThroughOthers(String module) {
        PackageGraph graph = PackageGraph.of(ROOT.resolve(module).resolve("src/main/java"));
        assertFalse(graph.packages().isEmpty(), module + "/src/main/java declares no package");
        List<List<String>> cycles = graph.cycles();
        assertTrue(cycles.isEmpty(), () -> module + "'s packages depend on each other in a circle. Move the type both"
                + " sides need into the lower package, or pass it in (a parameter, an interface):\n"
                + cycles.stream().map(graph::explain).collect(Collectors.joining("\n")));
    }
}
