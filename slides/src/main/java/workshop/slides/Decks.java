package workshop.slides;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lessons;

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

    /**
     * Every lesson's deck, in lesson order: each lesson but the appendices has one (LessonFilesTest
     * holds them to exist, and every deck file to belong to a lesson).
     */
    public static List<Deck> lessons() {
        return Lessons.ALL.stream().filter(lesson -> !lesson.appendix())
                .map(lesson -> new Deck(lesson.files(Workshop.root()).deck(), Optional.of(lesson)))
                .toList();
    }

    /** The starting point for a new lesson's deck; rendered by the tests so it keeps working. */
    public static Deck template() {
        return new Deck(sources().resolve("_template.adoc"), Optional.empty());
    }
}
