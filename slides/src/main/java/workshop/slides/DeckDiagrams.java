package workshop.slides;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import workshop.kit.chat.ChatCatalogue;
import workshop.kit.diagram.Diagram;
import workshop.kit.diagram.SvgDiagram;

/**
 * The diagrams the decks show, drawn from the workshop's own catalogue code each time the decks are
 * rendered (so they never drift from the design they picture), into diagrams/ beside the output's
 * charts. A deck shows one as image::diagrams/NAME.svg[] (its imagesdir is the charts folder).
 */
final class DeckDiagrams {

    static final String FOLDER = "diagrams";

    private DeckDiagrams() {}

    static List<Diagram> all() {
        ChatCatalogue chat = new ChatCatalogue();
        return List.of(Diagram.ofPlan(chat.name(), chat.patterns(), chat.plannedTables()));
    }

    static void write(Path out) {
        try {
            Files.createDirectories(out.resolve(FOLDER));
            for (Diagram diagram : all()) {
                Files.writeString(out.resolve(FOLDER).resolve(diagram.slug() + ".svg"), SvgDiagram.render(diagram));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
