package workshop.slides;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One AsciiDoc deck under slides/decks. A lesson's deck is named after its script
 * (lessons/01_naive_table.java -> decks/01_naive_table.adoc), so the lesson number is its prefix.
 */
public record Deck(Path source) {

    private static final Pattern LESSON_PREFIX = Pattern.compile("(\\d{2}[a-z]?)_.*");

    /** The file name without .adoc; also the name of the HTML file and of its screenshot. */
    public String name() {
        String file = source.getFileName().toString();
        return file.substring(0, file.length() - ".adoc".length());
    }

    /** "01" for 01_naive_table.adoc, "06c" for 06c_single_table.adoc; empty for the template. */
    public Optional<String> lessonNumber() {
        Matcher matcher = LESSON_PREFIX.matcher(name());
        return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
    }
}
