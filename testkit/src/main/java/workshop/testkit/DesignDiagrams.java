package workshop.testkit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.DiagramFiles;

/**
 * The drawing of every design a test checked as a whole ({@link workshop.kit.catalogue.CatalogueCheck#run}),
 * written to .workshop/diagrams/ as {@code ./jbang catalogue} writes it. The assertions on a catalogue's
 * report call it, so a design task's check draws the learner's model without a line of its own; the
 * grading JVM takes the paths to tell the runner where they are.
 */
public final class DesignDiagrams {

    /** By identity: a lesson's tests assert on one report many times, and it is drawn once. */
    private static final Map<CatalogueReport.Design, Diagram> DRAWN = new IdentityHashMap<>();
    private static final List<Path> NOT_TAKEN = new ArrayList<>();

    private DesignDiagrams() {}

    /** Draws the design the report carries, the first time it is asked; empty when it carries none. */
    static synchronized Optional<Diagram> draw(CatalogueReport report) {
        return report.design().map(design -> DRAWN.computeIfAbsent(design, checked -> {
            Diagram diagram = Diagram.ofRun(report).orElseThrow();
            NOT_TAKEN.add(DiagramFiles.write(diagram));
            return diagram;
        }));
    }

    /** A drawing written by other means (a DynamoDB table's, see {@link SingleTableDrawing}), for the runner to name. */
    static synchronized void written(Path drawing) {
        NOT_TAKEN.add(drawing);
    }

    /** The drawings written since the last call, oldest first. */
    public static synchronized List<Path> take() {
        List<Path> taken = List.copyOf(NOT_TAKEN);
        NOT_TAKEN.clear();
        return taken;
    }
}
