package workshop.slides;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.asciidoctor.Asciidoctor;
import org.asciidoctor.Attributes;
import org.asciidoctor.Options;
import org.asciidoctor.SafeMode;
import org.asciidoctor.ast.Block;
import org.asciidoctor.ast.Document;
import org.asciidoctor.ast.ImageReference;
import org.asciidoctor.ast.StructuralNode;
import workshop.kit.Workshop;

/**
 * Renders decks to reveal.js pages with AsciidoctorJ. Starting the Ruby runtime takes seconds, so
 * one renderer serves every deck. Everything a deck logs at WARN or above is kept as a problem:
 * Asciidoctor only logs a missing include file or tag, and would otherwise print its text into the slide.
 */
public final class DeckRenderer implements AutoCloseable {

    private static final Pattern TIMING = Pattern.compile("^\\((\\d+) min\\)");

    private final Asciidoctor asciidoctor = Asciidoctor.Factory.create();
    private final Warnings warnings = new Warnings();

    public DeckRenderer() {
        asciidoctor.requireLibrary("asciidoctor-revealjs");
        asciidoctor.registerLogHandler(warnings);
    }

    /** Renders each deck into Decks.output(), next to a copy of the charts, the diagrams and the stylesheet. */
    public List<RenderedDeck> render(List<Deck> decks) {
        Path out = Decks.writeAssets();
        try {
            Files.copy(Decks.home().resolve("theme").resolve("workshop.css"), out.resolve("workshop.css"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return decks.stream().map(deck -> render(deck, out)).toList();
    }

    private RenderedDeck render(Deck deck, Path out) {
        warnings.clear();
        Document document = asciidoctor.loadFile(deck.source().toFile(), options(deck));
        String html = document.convert();
        List<String> problems = new ArrayList<>(warnings.list());
        for (ImageReference image : document.getCatalog().getImages()) {
            String imagesdir = image.getImagesdir() == null ? "" : image.getImagesdir();
            // a diagram is drawn into the output at render time; a chart is a committed file of slides/decks
            Path file = (image.getTarget().startsWith(DeckDiagrams.FOLDER + "/") ? out.resolve(imagesdir)
                    : Decks.sources().resolve(imagesdir)).resolve(image.getTarget()).normalize();
            if (!Files.isRegularFile(file)) {
                problems.add("image not found: " + Workshop.root().relativize(file)
                        + " (regenerate the charts: ./mvnw -q -pl slides -am verify -Pcharts)");
            }
        }
        Path page = out.resolve(deck.name() + ".html");
        try {
            Files.writeString(page, html);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new RenderedDeck(deck, page, List.copyOf(problems), slides(document));
    }

    private static Options options(Deck deck) {
        return Options.builder()
                .backend("revealjs")
                .standalone(true)
                .catalogAssets(true)
                // Includes are relative to the deck and reach outside its folder (lessons/, kit/, fixtures/),
                // which only UNSAFE allows; the decks are the repository's own files.
                .safe(SafeMode.UNSAFE)
                .baseDir(deck.source().getParent().toFile())
                .attributes(Attributes.builder()
                        .attribute("revealjsdir", "reveal.js")
                        .attribute("customcss", "workshop.css")
                        .build())
                .build();
    }

    /** The deck's slides after the title slide: its level-1 sections. */
    static List<RenderedDeck.Slide> slides(Document document) {
        List<RenderedDeck.Slide> slides = new ArrayList<>();
        for (StructuralNode block : document.getBlocks()) {
            if ("section".equals(block.getContext())) {
                slides.add(new RenderedDeck.Slide(block.getTitle(), minutes(block)));
            }
        }
        return slides;
    }

    /** The "(N min)" that opens a slide's speaker notes, if it has any. */
    private static OptionalInt minutes(StructuralNode slide) {
        for (StructuralNode notes : slide.findBy(Map.of("role", "notes"))) {
            for (StructuralNode paragraph : notes.getBlocks()) {
                if (paragraph instanceof Block block) {
                    Matcher matcher = TIMING.matcher(block.getSource().strip());
                    if (matcher.find()) {
                        return OptionalInt.of(Integer.parseInt(matcher.group(1)));
                    }
                }
            }
        }
        return OptionalInt.empty();
    }

    @Override
    public void close() {
        asciidoctor.close();
    }
}
