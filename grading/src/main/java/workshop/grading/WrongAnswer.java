package workshop.grading;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * One mistake of the corpus: a folder of exercise files written as a learner would get them wrong,
 * and mistake.properties saying what is wrong, which test must fail first and which words its
 * message must contain (separated by " | ").
 */
record WrongAnswer(Path dir, String mistake, String test, List<String> words) {

    static final String DESCRIPTION = "mistake.properties";

    static WrongAnswer read(Path dir) {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve(DESCRIPTION))) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new WrongAnswer(dir, required(properties, dir, "mistake"), required(properties, dir, "test"),
                Arrays.stream(required(properties, dir, "words").split("\\|")).map(String::strip).toList());
    }

    private static String required(Properties properties, Path dir, String key) {
        String value = properties.getProperty(key, "").strip();
        if (value.isEmpty()) {
            throw new IllegalStateException(dir.resolve(DESCRIPTION) + " has no " + key);
        }
        return value;
    }

    /** The wrong answers of one lesson, sorted by name; none when its folder does not exist. */
    static List<WrongAnswer> of(Path lessonDir) {
        if (!Files.isDirectory(lessonDir)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(lessonDir)) {
            return dirs.filter(d -> Files.exists(d.resolve(DESCRIPTION))).sorted().map(WrongAnswer::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String name() {
        return dir.getFileName().toString();
    }

    /** The exercise files this mistake replaces. */
    List<Path> files() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
