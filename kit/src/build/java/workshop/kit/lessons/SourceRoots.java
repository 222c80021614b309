package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import workshop.kit.Workshop;

/**
 * The build's source roots that live in the lessons' folders, written into the module poms from the
 * lesson list: the exercises module compiles each lesson's src/ and given/ and tests its test/; the
 * solutions module compiles each lesson's .meta/solution and given/ against the same test/. Only the
 * lines between a pom's markers are generated; the rest of the pom is written by hand. IntelliJ and
 * VS Code's Java extension read these roots from build-helper-maven-plugin, as Maven does.
 */
public final class SourceRoots {

    private SourceRoots() {}

    public static List<GeneratedFile> files() {
        return List.of(
                pom("exercises/pom.xml",
                        region("lesson stubs", "source", LessonFiles::stubsRoot),
                        region("lesson given types", "source", LessonFiles::givenRoot),
                        region("lesson tests", "source", LessonFiles::testsRoot),
                        region("lesson style", "sourceDirectory", LessonFiles::givenRoot)),
                pom("solutions/pom.xml",
                        region("lesson roots", "source", LessonFiles::solutionRoot),
                        region("lesson given types", "source", LessonFiles::givenRoot),
                        region("lesson tests", "source", LessonFiles::testsRoot)));
    }

    /** One generated block of a pom: its markers' name, the element each root goes in, and the root of a lesson. */
    private record Region(String name, String element, Function<LessonFiles, Path> root) {

        String begin() {
            return "<!-- begin: " + name + ". ";
        }

        String end() {
            return "<!-- end: " + name + " -->";
        }

        /** Every exercise's root, as the pom names it: relative to the module, ../lessons/08-cursor-pagination/src. */
        List<String> roots() {
            Path base = Workshop.root().resolve("exercises");
            return Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent())
                    .map(l -> base.relativize(root.apply(new LessonFiles(Workshop.root(), l))).toString().replace('\\', '/'))
                    .toList();
        }
    }

    private static Region region(String name, String element, Function<LessonFiles, Path> root) {
        return new Region(name, element, root);
    }

    /** The pom at this path with the lines between each region's markers replaced by one element a root. */
    private static GeneratedFile pom(String pom, Region... regions) {
        String text;
        try {
            text = Files.readString(Workshop.root().resolve(pom));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Region region : regions) {
            text = fill(pom, text, region);
        }
        return new GeneratedFile(pom, text, false);
    }

    private static String fill(String pom, String text, Region region) {
        int begin = text.indexOf(region.begin());
        int end = text.indexOf(region.end());
        if (begin < 0 || end < begin) {
            throw new IllegalStateException(pom + " has lost its markers " + region.begin() + "... and " + region.end());
        }
        int from = text.indexOf('\n', begin) + 1;
        int lineStart = text.lastIndexOf('\n', end) + 1;
        String indent = text.substring(lineStart, end);
        String prefix = region.element().equals("sourceDirectory") ? "${project.basedir}/" : "";
        String lines = region.roots().stream()
                .map(root -> indent + "<" + region.element() + ">" + prefix + root + "</" + region.element() + ">\n")
                .collect(Collectors.joining());
        return text.substring(0, from) + lines + text.substring(lineStart);
    }
}
