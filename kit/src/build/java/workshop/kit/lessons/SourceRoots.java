package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Collectors;
import workshop.kit.Workshop;

/**
 * The build's source roots that live in the lessons' folders, written into the module poms from the
 * lesson list: the solutions module compiles each lesson's .meta/solution. Only the lines between
 * the pom's markers are generated; the rest of the pom is written by hand. IntelliJ and VS Code's
 * Java extension read these roots from build-helper-maven-plugin's add-source, as Maven does.
 */
public final class SourceRoots {

    static final String BEGIN = "<!-- begin: lesson roots. ";
    static final String END = "<!-- end: lesson roots -->";

    private SourceRoots() {}

    public static List<GeneratedFile> files() {
        return List.of(region("solutions/pom.xml", Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent())
                .map(l -> "../" + l.folder() + "/.meta/solution").toList()));
    }

    /** The pom at this path with the lines between its markers replaced by one source element a root. */
    private static GeneratedFile region(String pom, List<String> roots) {
        String text;
        try {
            text = Files.readString(Workshop.root().resolve(pom));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IllegalStateException(pom + " has lost its markers " + BEGIN + "... and " + END);
        }
        int from = text.indexOf('\n', begin) + 1;
        int lineStart = text.lastIndexOf('\n', end) + 1;
        String indent = text.substring(lineStart, end);
        String lines = roots.stream().map(root -> indent + "<source>" + root + "</source>\n").collect(Collectors.joining());
        return new GeneratedFile(pom, text.substring(0, from) + lines + text.substring(lineStart), false);
    }
}
