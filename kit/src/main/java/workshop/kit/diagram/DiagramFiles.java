package workshop.kit.diagram;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import workshop.kit.Workshop;

/** Where drawings go: .workshop/diagrams/, one SVG per catalogue, replaced on every run. */
public final class DiagramFiles {

    private DiagramFiles() {}

    public static Path folder() {
        return Workshop.stateDir().resolve("diagrams");
    }

    /** Writes the drawing and returns its path, relative to the workshop's root when it lies inside it. */
    public static Path write(Diagram diagram) {
        Path file = folder().resolve(diagram.slug() + ".svg");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, SvgDiagram.render(diagram), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the diagram " + file, e);
        }
        Path root = Workshop.root().toAbsolutePath();
        Path absolute = file.toAbsolutePath();
        return absolute.startsWith(root) ? root.relativize(absolute) : absolute;
    }
}
