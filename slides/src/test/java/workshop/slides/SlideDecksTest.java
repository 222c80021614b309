package workshop.slides;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lessons;
import workshop.kit.HeadlessChromium;

/**
 * Renders every deck (and the template) once, then checks the sources, the rendering, and each page
 * in headless Chromium. Pages land in slides/target/slides, one screenshot per deck in
 * slides/target/screenshots.
 */
class SlideDecksTest {

    private static List<RenderedDeck> rendered;

    @BeforeAll
    static void renderEveryDeck() {
        List<Deck> decks = new ArrayList<>(Decks.lessons());
        decks.add(Decks.template());
        try (DeckRenderer renderer = new DeckRenderer()) {
            rendered = renderer.render(decks);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyIncludeAndImageResolves() {
        return rendered.stream().map(deck -> DynamicTest.dynamicTest(deck.deck().name(), () ->
                assertTrue(deck.problems().isEmpty(), deck.deck().name() + ".adoc:\n  " + String.join("\n  ", deck.problems()))));
    }

    @Test
    void codeOnSlidesIsIncludedNeverPasted() throws IOException {
        List<String> pasted = new ArrayList<>();
        for (RenderedDeck deck : rendered) {
            List<String> lines = Files.readAllLines(deck.deck().source());
            boolean inListing = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.equals("----") || line.equals("....")) {
                    inListing = !inListing;
                } else if (inListing && !line.isBlank() && !line.startsWith("include::")) {
                    pasted.add(deck.deck().source().getFileName() + ":" + (i + 1) + ": " + line);
                }
            }
        }
        assertTrue(pasted.isEmpty(), "Listings on slides must be include:: lines that pick tagged code from lessons/ (their solutions too)"
                + " or the kit and fixtures (mark it with // tag::name[] and // end::name[]), so slides cannot drift from the code."
                + " Pasted lines:\n  " + String.join("\n  ", pasted));
    }

    @Test
    void everyDiagramIsShownByADeck() throws IOException {
        // Chromium checks the images the decks show: a diagram no deck shows would never be rendered there
        StringBuilder decks = new StringBuilder();
        for (RenderedDeck deck : rendered) {
            decks.append(Files.readString(deck.deck().source()));
        }
        List<String> unshown = DeckDiagrams.all().keySet().stream().sorted()
                .filter(name -> !decks.toString().contains("image::" + DeckDiagrams.FOLDER + "/" + name + ".svg[")).toList();
        assertTrue(unshown.isEmpty(), "DeckDiagrams draws diagrams no deck shows; show each as image::"
                + DeckDiagrams.FOLDER + "/NAME.svg[...] on a slide, or stop drawing it: " + unshown);
    }

    @Test
    void everySlideHasSpeakerNotesWithATiming() {
        List<String> untimed = rendered.stream()
                .flatMap(deck -> deck.slides().stream().filter(s -> s.minutes().isEmpty())
                        .map(s -> deck.deck().name() + ": \"" + s.title() + "\""))
                .toList();
        assertTrue(untimed.isEmpty(), "Open each slide's speaker notes ([.notes] block) with its timing, e.g. \"(3 min)\"."
                + " Slides without one:\n  " + String.join("\n  ", untimed));
    }

    @Test
    void instructorGuideGivesEachDeckItsTiming() throws IOException {
        Path guide = Workshop.root().resolve("docs").resolve("instructor-guide.md");
        List<String> rows = Files.readAllLines(guide).stream().filter(l -> l.startsWith("| ")).toList();
        for (RenderedDeck deck : rendered) {
            if (deck.deck().lesson().isEmpty()) {
                continue;
            }
            String number = deck.deck().lesson().get().number();
            String expected = "| " + deck.minutes() + " min |";
            Optional<String> row = rows.stream().filter(r -> r.startsWith("| " + number + " |")).findFirst();
            assertTrue(row.isPresent(), "docs/instructor-guide.md has no row for lesson " + number
                    + " in its timing table; add \"| " + number + " | ... " + expected + "\"");
            assertTrue(row.get().contains(expected), "docs/instructor-guide.md: lesson " + number + "'s row is \""
                    + row.get() + "\", but the speaker notes of " + deck.deck().name() + ".adoc add up to "
                    + deck.minutes() + " min; update the row (or the notes)");
            assertEquals(deck.minutes(), Lessons.require(number).minutes(), "Lessons.ALL gives lesson " + number
                    + " other minutes than the speaker notes of " + deck.deck().name() + ".adoc add up to; update its"
                    + " taking(...) (./jbang workshop and the README show them)");
        }
    }

    @TestFactory
    Stream<DynamicTest> everySlideRendersInHeadlessChromium() throws IOException {
        Path target = Decks.home().resolve("target");
        HeadlessChromium chromium = HeadlessChromium.find(target.resolve("chromium"))
                .orElseGet(() -> unavailable("No Chromium or Chrome found. Install one (Debian/Ubuntu: apt-get install chromium)"
                        + " or point CHROMIUM at its executable."));
        try {
            RevealJs.install();
        } catch (IllegalStateException noNpm) {
            unavailable(noNpm.getMessage());
        }
        RevealJs.copyTo(Decks.output());
        Path screenshots = target.resolve("screenshots");
        Files.createDirectories(screenshots);
        String checkScript = resource("deck-check.js");
        return rendered.stream().map(deck -> DynamicTest.dynamicTest(deck.deck().name(), () -> {
            Path page = withCheckScript(deck.html(), checkScript);
            PageReport report;
            try {
                report = PageReport.parse(chromium.dumpDom(page.toUri()));
            } finally {
                Files.delete(page); // the rendered folder is what an instructor copies: keep it clean
            }
            assertTrue(report.problems().isEmpty(), deck.deck().name() + ": " + String.join("; ", report.problems()));
            assertEquals(deck.slides().size() + 1, report.slides().size(),
                    deck.deck().name() + ": reveal.js shows a different number of slides than the deck has (title slide included)");
            for (PageReport.Slide slide : report.slides()) {
                assertTrue(slide.shown(), deck.deck().name() + ": slide " + slide.index() + " (\"" + slide.title()
                        + "\") did not become visible when reveal.js moved to it");
                assertFalse(slide.height() > slide.maxHeight(), deck.deck().name() + ": slide " + slide.index()
                        + " (\"" + slide.title() + "\") is " + slide.height() + " px tall, more than the "
                        + slide.maxHeight() + " px a slide has; split it or include fewer lines");
            }
            int shown = report.slides().stream().filter(PageReport.Slide::visual).mapToInt(PageReport.Slide::index)
                    .findFirst().orElse(0);
            URI slide = URI.create(deck.html().toUri() + "#/" + shown);
            chromium.screenshot(slide, screenshots.resolve(deck.deck().name() + ".png"), 1280, 720);
        }));
    }

    /** A copy of the page next to it (so relative links hold) with the check script before </body>. */
    private static Path withCheckScript(Path html, String script) throws IOException {
        String page = Files.readString(html);
        int end = page.lastIndexOf("</body>");
        assertTrue(end > 0, html + " has no </body>");
        Path copy = html.resolveSibling(html.getFileName().toString().replace(".html", ".check.html"));
        Files.writeString(copy, page.substring(0, end) + "<script>\n" + script + "\n</script>\n" + page.substring(end));
        return copy;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = SlideDecksTest.class.getResourceAsStream("/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static <T> T unavailable(String why) {
        return HeadlessChromium.unavailable("Slides", why);
    }

    /** What deck-check.js wrote into the page. */
    record PageReport(List<String> problems, List<Slide> slides) {

        record Slide(int index, boolean shown, int height, int maxHeight, boolean visual, String title) {}

        static PageReport parse(String dom) {
            int start = dom.lastIndexOf("<pre id=\"deck-check\">");
            if (start < 0) {
                fail("the check script reported nothing: the page did not finish loading within Chromium's time budget");
            }
            String body = dom.substring(start + "<pre id=\"deck-check\">".length(), dom.indexOf("</pre>", start))
                    .replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
            List<String> problems = new ArrayList<>();
            List<Slide> slides = new ArrayList<>();
            for (String line : body.split("\n")) {
                String[] field = line.split("\t", -1);
                switch (field[0]) {
                    case "problem" -> problems.add(field[1]);
                    case "slide" -> slides.add(new Slide(Integer.parseInt(field[1]), field[2].equals("1"),
                            Integer.parseInt(field[3]), Integer.parseInt(field[4]), field[5].equals("1"), field[6]));
                    default -> { }
                }
            }
            return new PageReport(problems, slides);
        }
    }
}
