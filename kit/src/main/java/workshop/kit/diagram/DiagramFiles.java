package workshop.kit.diagram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import workshop.kit.Workshop;

/** Where drawings go: .workshop/diagrams/, one SVG per design, replaced on every run. */
public final class DiagramFiles {

    private DiagramFiles() {}

    public static Path folder() {
        return Workshop.stateDir().resolve("diagrams");
    }

    /** Writes the drawing and returns its path, relative to the workshop's root when it lies inside it. */
    public static Path write(Diagram diagram) {
        return write(diagram.slug() + ".svg", SvgDiagram.render(diagram));
    }

    /** A single table's item collections: the SVG, and the text beside it (same name, .txt) for a terminal. */
    public static Path write(ItemCollections drawing) {
        write(drawing.slug() + ".txt", String.join("\n", ItemCollectionsText.lines(drawing)) + "\n");
        return write(drawing.slug() + ".svg", SvgItemCollections.render(drawing));
    }

    private static Path write(String name, String content) {
        Path file = folder().resolve(name);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the diagram " + file, e);
        }
        Path root = Workshop.root().toAbsolutePath();
        Path absolute = file.toAbsolutePath();
        return absolute.startsWith(root) ? root.relativize(absolute) : absolute;
    }
}
