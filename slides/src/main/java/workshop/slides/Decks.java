package workshop.slides;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lessons;

/** Where the decks, their charts and their rendered output live. */
public final class Decks {

    private Decks() {}

    public static Path home() {
        return Workshop.root().resolve("slides");
    }

    /** What the decks share: _attributes.adoc, the template and the charts; each deck is in its lesson's folder. */
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
     * Creates Decks.output() with what every rendering of the decks shows: a copy of the charts and
     * the diagrams drawn from the code, in charts/. Returns the folder.
     */
    static Path writeAssets() {
        Path out = output();
        try {
            Files.createDirectories(out.resolve("charts"));
            try (Stream<Path> charts = Files.list(charts())) {
                for (Path chart : charts.toList()) {
                    Files.copy(chart, out.resolve("charts").resolve(chart.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DeckDiagrams.write(out.resolve("charts"));
        return out;
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

    /**
     * The decks to print: "all", or lesson numbers separated by commas ("01,09"). The build prints a
     * few (see slides/pom.xml: slides.pdfs), ./jbang slides all of them.
     */
    public static List<Deck> printed(String lessons) {
        if (lessons.strip().equals("all")) {
            return lessons();
        }
        List<String> numbers = Arrays.stream(lessons.split(",")).map(String::strip).filter(n -> !n.isEmpty()).toList();
        numbers.forEach(Lessons::require);
        return lessons().stream().filter(deck -> numbers.contains(deck.lesson().orElseThrow().number())).toList();
    }

    /** The starting point for a new lesson's deck; rendered by the tests so it keeps working. */
    public static Deck template() {
        return new Deck(sources().resolve("_template.adoc"), Optional.empty());
    }
}
