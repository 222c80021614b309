package workshop.grading;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import workshop.kit.lessons.LessonFiles;

/**
 * A second correct design of the corpus: diffs that turn reference solution files into another
 * design that is just as right (other table names, another clustering), and design.properties
 * saying how it differs. Every test must pass it: a test that fails it grades the layout, not the
 * answer and its cost.
 */
record RightAnswer(Path dir, String design) {

    static final String DESCRIPTION = "design.properties";

    static RightAnswer read(Path dir) {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve(DESCRIPTION))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(dir + " needs " + DESCRIPTION + " with design=how it differs", e);
        }
        String design = properties.getProperty("design", "").strip();
        if (design.isEmpty()) {
            throw new IllegalStateException(dir.resolve(DESCRIPTION) + " has no design: say how this design differs");
        }
        return new RightAnswer(dir, design);
    }

    /** The right answers of one lesson, sorted by name; none when its folder does not exist. */
    static List<RightAnswer> of(LessonFiles lesson) {
        return Corpus.answers(lesson.rightAnswers(), RightAnswer::read);
    }

    String name() {
        return dir.getFileName().toString();
    }

    List<Path> diffs() {
        return Corpus.diffs(dir);
    }
}
