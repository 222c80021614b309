package workshop.slides;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * What rendering one deck produced.
 *
 * @param html     the reveal.js page
 * @param problems every warning or error Asciidoctor logged (a broken include, a missing tag...) and every
 *                 image the deck names that is not on disk; empty when the deck is sound
 * @param slides   the deck's slides after the title slide, in order
 */
public record RenderedDeck(Deck deck, Path html, List<String> problems, List<Slide> slides) {

    /** One slide: its title and the minutes its speaker notes give it ("(4 min)" opens the notes). */
    public record Slide(String title, OptionalInt minutes) {}

    /** The minutes of every slide that states them. */
    public int minutes() {
        return slides.stream().mapToInt(s -> s.minutes().orElse(0)).sum();
    }
}
