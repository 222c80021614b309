package workshop.slides;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import workshop.kit.Workshop;

/** Where the decks, their charts and their rendered output live. */
public final class Decks {

    private Decks() {}

    public static Path home() {
        return Workshop.root().resolve("slides");
    }

    public static Path sources() {
        return home().resolve("decks");
    }

    /** Chart PNGs copied from lesson runs (see Charts); the decks' imagesdir. */
    public static Path charts() {
        return sources().resolve("charts");
    }

    /** The rendered slides: open NN_name.html in a browser, or copy the folder to a stick. */
    public static Path output() {
        return home().resolve("target").resolve("slides");
    }

    /** Every lesson's deck, in lesson order. Files starting with _ are partials or the template. */
    public static List<Deck> lessons() {
        try (Stream<Path> files = Files.list(sources())) {
            return files.filter(f -> f.getFileName().toString().endsWith(".adoc"))
                    .filter(f -> !f.getFileName().toString().startsWith("_"))
                    .sorted()
                    .map(Deck::new)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The starting point for a new lesson's deck; rendered by the tests so it keeps working. */
    public static Deck template() {
        return new Deck(sources().resolve("_template.adoc"));
    }
}
