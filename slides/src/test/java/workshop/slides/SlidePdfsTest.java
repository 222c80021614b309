package workshop.slides;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import workshop.kit.Workshop;

/**
 * Renders the decks' PDFs and the handout, then reads them back as a printer would: each page
 * drawn to an image with PDFBox, and its text extracted. A deck prints a slide a page: as many
 * pages as slides (a slide too tall spills onto an extra page), each page showing its slide's
 * title, none blank, no ink in the outer margin and no text beyond the page's edge. Each page's
 * image is kept in slides/target/pdf-pages to look at.
 */
class SlidePdfsTest {

    /** Points of each margin that must stay white: ink there is content pushed past the page's frame. */
    private static final int CLEAR_BAND = 18;

    private static List<PdfRenderer.RenderedPdf> decks;
    private static PdfRenderer.RenderedPdf handout;

    @BeforeAll
    static void renderThePdfs() {
        long start = System.nanoTime();
        Decks.writeAssets();
        List<Deck> printed = Decks.printed(System.getProperty("slides.pdfs", "all"));
        try (PdfRenderer renderer = new PdfRenderer()) {
            decks = printed.stream().map(renderer::deck).toList();
            handout = renderer.handout();
        }
        // CPU time too: on a busy machine the wall-clock time says more about the neighbours
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        System.out.printf("[slides] %d deck PDFs (%s) and the handout in %d s (the JVM's CPU time so far: %d s)%n",
                decks.size(), String.join(", ", printed.stream().map(Deck::name).toList()),
                (System.nanoTime() - start) / 1_000_000_000L, cpu / 1_000_000_000L);
    }

    @TestFactory
    Stream<DynamicTest> everyDeckPrintsOneSlideAPage() {
        return decks.stream().map(deck -> DynamicTest.dynamicTest(deck.pdf().getFileName().toString(), () -> {
            String name = deck.pdf().getFileName().toString();
            assertTrue(deck.problems().isEmpty(), name + ":\n  " + String.join("\n  ", deck.problems()));
            try (PDDocument pdf = Loader.loadPDF(deck.pdf().toFile())) {
                List<String> titles = deck.pageTitles();
                for (int page = 0; page < Math.min(pdf.getNumberOfPages(), titles.size()); page++) {
                    String text = text(pdf, page);
                    assertTrue(letters(text).contains(letters(titles.get(page))), name + ": page " + (page + 1)
                            + " does not show its slide's title \"" + titles.get(page) + "\""
                            + (page > 0 ? ": the slide before, \"" + titles.get(page - 1) + "\", is too tall for its page"
                            + " and spills onto this one; split it or include fewer lines" : "") + ". The page shows: "
                            + text.strip());
                    assertPrinted(pdf, page, name);
                }
                assertEquals(titles.size(), pdf.getNumberOfPages(), name + " has " + pdf.getNumberOfPages()
                        + " pages for " + titles.size() + " slides (the title slide included): the last slide, \""
                        + titles.get(titles.size() - 1) + "\", spills onto an extra page; split it or shorten it");
            }
        }));
    }

    @Test
    void theHandoutPrintsEveryHeadingOfItsSources() throws IOException {
        assertTrue(handout.problems().isEmpty(), "handout.pdf:\n  " + String.join("\n  ", handout.problems()));
        try (PDDocument pdf = Loader.loadPDF(handout.pdf().toFile())) {
            StringBuilder text = new StringBuilder();
            for (int page = 0; page < pdf.getNumberOfPages(); page++) {
                text.append(text(pdf, page));
                assertPrinted(pdf, page, "handout.pdf");
            }
            List<String> missing = new ArrayList<>();
            for (String source : PdfRenderer.HANDOUT_SOURCES) {
                for (String heading : headings(Files.readString(Workshop.root().resolve(source)))) {
                    if (!letters(text.toString()).contains(letters(heading))) {
                        missing.add(source + ": " + heading);
                    }
                }
            }
            assertTrue(missing.isEmpty(), "handout.pdf lacks these headings of its sources:\n  " + String.join("\n  ", missing));
        }
    }

    /** The page is not blank, its outer margin is white, and no character sits beyond its edges. */
    private static void assertPrinted(PDDocument pdf, int page, String name) throws IOException {
        BufferedImage image = new PDFRenderer(pdf).renderImageWithDPI(page, 72); // a pixel per point
        Path pages = Decks.home().resolve("target").resolve("pdf-pages");
        Files.createDirectories(pages);
        ImageIO.write(image, "png", pages.resolve(name.replace(".pdf", "") + "-" + (page + 1) + ".png").toFile());
        int inked = 0;
        List<String> inMargin = new ArrayList<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    inked++;
                    boolean band = x < CLEAR_BAND || y < CLEAR_BAND
                            || x >= image.getWidth() - CLEAR_BAND || y >= image.getHeight() - CLEAR_BAND;
                    if (band && inMargin.size() < 3) {
                        inMargin.add("(" + x + ", " + y + ")");
                    }
                }
            }
        }
        assertTrue(inked > 0, name + ": page " + (page + 1) + " is blank");
        assertTrue(inMargin.isEmpty(), name + ": page " + (page + 1) + " has ink within " + CLEAR_BAND
                + " pt of its edge, at " + inMargin + ": something is wider or taller than the page's frame");
        PDRectangle box = pdf.getPage(page).getMediaBox();
        List<String> beyond = new ArrayList<>();
        PDFTextStripper edges = new PDFTextStripper() {
            @Override
            protected void writeString(String line, List<TextPosition> positions) {
                for (TextPosition glyph : positions) {
                    if (glyph.getXDirAdj() < 0 || glyph.getXDirAdj() + glyph.getWidthDirAdj() > box.getWidth()
                            || glyph.getYDirAdj() < 0 || glyph.getYDirAdj() > box.getHeight()) {
                        beyond.add(line.strip());
                        return;
                    }
                }
            }
        };
        edges.setStartPage(page + 1);
        edges.setEndPage(page + 1);
        edges.getText(pdf);
        assertTrue(beyond.isEmpty(), name + ": page " + (page + 1) + " has text cut off at its edge: " + beyond);
    }

    private static String text(PDDocument pdf, int page) throws IOException {
        PDFTextStripper stripper = new PDFTextStripper();
        stripper.setStartPage(page + 1);
        stripper.setEndPage(page + 1);
        return stripper.getText(pdf);
    }

    /** Letters and digits alone, lower case: a title matches however the PDF wraps, styles or quotes it. */
    private static String letters(String text) {
        String plain = text.replaceAll("<[^>]+>", "").replaceAll("&#?[A-Za-z0-9]+;", "");
        return plain.toLowerCase().replaceAll("[^\\p{L}\\p{N}]", "");
    }

    private static List<String> headings(String markdown) {
        List<String> headings = new ArrayList<>();
        MarkdownToAsciiDoc.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                StringBuilder title = new StringBuilder();
                heading.accept(new AbstractVisitor() {
                    @Override
                    public void visit(Text text) {
                        title.append(text.getLiteral());
                    }
                });
                headings.add(title.toString());
            }
        });
        return headings;
    }
}
