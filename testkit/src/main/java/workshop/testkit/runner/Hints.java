package workshop.testkit.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** A lesson's hints: a markdown file whose hints are separated by lines holding only "---". */
public final class Hints {

    private Hints() {}

    public static List<String> read(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            return Arrays.stream(Files.readString(file).split("(?m)^---\\s*$"))
                    .map(String::strip).filter(h -> !h.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
