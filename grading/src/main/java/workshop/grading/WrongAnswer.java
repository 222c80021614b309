package workshop.grading;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import workshop.kit.lessons.LessonFiles;

/**
 * One mistake of the corpus: a folder of diffs that turn reference solution files into the files a
 * learner wrote wrong (kept as diffs, so each shows only the mistake), and mistake.properties
 * saying what is wrong, which test must fail first and which words its message must contain
 * (separated by " | "). A race may name several tests: the one that makes it certain, and the
 * load tests that, running earlier, usually catch it first.
 */
record WrongAnswer(Path dir, String mistake, List<String> tests, List<String> words) {

    static final String DESCRIPTION = "mistake.properties";

    static WrongAnswer read(Path dir) {
        if (!Files.exists(dir.resolve(DESCRIPTION))) {
            throw new IllegalStateException(dir + " has no " + DESCRIPTION + ": say what is wrong, which test fails and how");
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve(DESCRIPTION))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new WrongAnswer(dir, required(properties, dir, "mistake"), list(required(properties, dir, "test")),
                list(required(properties, dir, "words")));
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split("\\|")).map(String::strip).toList();
    }

    private static String required(Properties properties, Path dir, String key) {
        String value = properties.getProperty(key, "").strip();
        if (value.isEmpty()) {
            throw new IllegalStateException(dir.resolve(DESCRIPTION) + " has no " + key);
        }
        return value;
    }

    /** The wrong answers of one lesson, sorted by name; none when its folder does not exist. */
    static List<WrongAnswer> of(LessonFiles lesson) {
        return Corpus.answers(lesson.wrongAnswers(), WrongAnswer::read);
    }

    String name() {
        return dir.getFileName().toString();
    }

    /** How the mistake differs from the reference solution: X.java.diff, a unified diff of X.java. */
    List<Path> diffs() {
        return Corpus.diffs(dir);
    }
}
