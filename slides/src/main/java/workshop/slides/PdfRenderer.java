package workshop.slides;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.asciidoctor.Asciidoctor;
import org.asciidoctor.Attributes;
import org.asciidoctor.Options;
import org.asciidoctor.SafeMode;
import org.asciidoctor.ast.Document;
import org.asciidoctor.ast.StructuralNode;
import org.asciidoctor.extension.Treeprocessor;
import workshop.kit.Workshop;

/**
 * The decks and the handout as PDFs, with asciidoctor-pdf, for printing and for sending ahead:
 * each deck one slide a page (its title slide first, the speaker notes left out), and the handout
 * from the cheat sheet and the design review. Written beside the reveal.js pages in Decks.output().
 * Starting asciidoctor-pdf's Ruby takes seconds, so one renderer serves every document.
 */
public final class PdfRenderer implements AutoCloseable {

    /** The Markdown pages the handout prints, in order. */
    public static final List<String> HANDOUT_SOURCES = List.of("docs/cheat-sheet.md", "docs/design-review.md");

    /** Set on a deck's conversion only: the handout's sections flow on. */
    private static final String SLIDES = "workshop-slides";

    private final Asciidoctor asciidoctor = Asciidoctor.Factory.create();
    private final Warnings warnings = new Warnings();

    /** What one conversion wrote: the PDF, what Asciidoctor warned of, and the title each page must show. */
    public record RenderedPdf(Path pdf, List<String> problems, List<String> pageTitles) {}

    public PdfRenderer() {
        asciidoctor.requireLibrary("asciidoctor-pdf");
        asciidoctor.javaExtensionRegistry().treeprocessor(new OneSlidePerPage());
        asciidoctor.registerLogHandler(warnings);
    }

    /** Renders one deck to Decks.output()/NN_name.pdf; call Decks.writeAssets() first, for its images. */
    public RenderedPdf deck(Deck deck) {
        Path pdf = Decks.output().resolve(deck.name() + ".pdf");
        warnings.clear();
        Document document = asciidoctor.convertFile(deck.source().toFile(), options(deck.source().getParent(), pdf,
                Attributes.builder().attribute(SLIDES, "")
                        .attribute("pdf-theme", Decks.home().resolve("theme").resolve("slides-pdf-theme.yml").toString())
                        // the rendered folder's charts/, where the diagrams drawn at render time are too
                        .attribute("imagesdir", Decks.output().resolve("charts").toString())
                        .build()), Document.class);
        List<String> titles = new ArrayList<>();
        titles.add(document.getDoctitle());
        DeckRenderer.slides(document).forEach(slide -> titles.add(slide.title()));
        return new RenderedPdf(pdf, warnings.list(), titles);
    }

    /** Renders the handout, the cheat sheet then the design review, to Decks.output()/handout.pdf. */
    public RenderedPdf handout() {
        StringBuilder adoc = new StringBuilder("= Handout: keys from questions, and the design review\n\n");
        for (String source : HANDOUT_SOURCES) {
            if (!source.equals(HANDOUT_SOURCES.get(0))) {
                adoc.append("<<<\n\n"); // each source starts a page, so either prints alone
            }
            try {
                adoc.append(MarkdownToAsciiDoc.convert(Files.readString(Workshop.root().resolve(source)), 1));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Path pdf = Decks.output().resolve("handout.pdf");
        warnings.clear();
        asciidoctor.convert(adoc.toString(), options(Workshop.root().resolve("docs"), pdf, Attributes.builder()
                .attribute("pdf-theme", Decks.home().resolve("theme").resolve("handout-pdf-theme.yml").toString())
                .build()));
        return new RenderedPdf(pdf, warnings.list(), List.of());
    }

    private static Options options(Path baseDir, Path pdf, Attributes attributes) {
        try {
            Files.createDirectories(pdf.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        attributes.setAttribute("nofooter", ""); // a page number in the margin would read as ink past the slide
        return Options.builder()
                .backend("pdf")
                .standalone(true)
                // includes reach outside the decks' folder (lessons/, kit/, fixtures/), as for the reveal.js pages
                .safe(SafeMode.UNSAFE)
                .baseDir(baseDir.toFile())
                .toFile(pdf.toFile())
                .attributes(attributes)
                .build();
    }

    @Override
    public void close() {
        asciidoctor.close();
    }

    /**
     * A slide a page: drops the speaker notes (for the presenter's view, not the print) and starts
     * each slide, a level-1 section, on a page of its own, its picture scaled to fit the page.
     */
    private static final class OneSlidePerPage extends Treeprocessor {

        @Override
        public Document process(Document document) {
            if (!document.hasAttribute(SLIDES)) {
                return document;
            }
            dropNotes(document);
            List<StructuralNode> blocks = document.getBlocks();
            for (int i = blocks.size() - 1; i >= 0; i--) {
                if ("section".equals(blocks.get(i).getContext())) {
                    // tells asciidoctor-pdf the slide starts a page, so an image that opens it is shrunk
                    // to the space under the title instead of moved to a page of its own
                    blocks.get(i).setAttribute("pdf-at-top", "", true);
                    blocks.add(i, createBlock(document, "page_break", ""));
                }
            }
            return document;
        }

        private static void dropNotes(StructuralNode node) {
            node.getBlocks().removeIf(block -> block.hasRole("notes"));
            node.getBlocks().forEach(OneSlidePerPage::dropNotes);
        }
    }
}
