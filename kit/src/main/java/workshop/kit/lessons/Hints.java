package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A lesson's hints: a markdown file whose hints are separated by lines holding only "---". An
 * exercise in numbered tasks heads each task's hints with its name (see {@link Task}).
 */
public final class Hints {

    private Hints() {}

    public static List<String> read(Path file) {
        return split(text(file));
    }

    /** The file's text; empty when there is no file (a lesson without hints yet). */
    static String text(Path file) {
        if (!Files.exists(file)) {
            return "";
        }
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<String> split(String text) {
        return Arrays.stream(text.split("(?m)^---\\s*$")).map(String::strip).filter(h -> !h.isEmpty()).toList();
    }
}
