package workshop.slides;

import java.nio.file.Path;
import java.util.Optional;
import workshop.kit.lessons.Lesson;

/**
 * One AsciiDoc deck: a lesson's, in its folder (where it lives is the lesson's
 * {@link workshop.kit.lessons.LessonFiles#deck()}), or the template, which belongs to none.
 */
public record Deck(Path source, Optional<Lesson> lesson) {

    /** The file name without .adoc; also the name of the HTML file and of its screenshot. */
    public String name() {
        String file = source.getFileName().toString();
        return file.substring(0, file.length() - ".adoc".length());
    }
}
