package workshop.kit;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A managed process's log, read where a failed start explains itself. */
public record LogFile(Path path) {

    /** Where the log ends now, so a later read sees only what one start wrote. */
    public long length() {
        return path.toFile().length();
    }

    /**
     * What was written from an offset on, at most the last 4 MB; all of it when the file is
     * shorter than the offset (a start that truncates its log wrote it anew).
     */
    public String since(long offset) {
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
            long length = file.length();
            long from = offset > length ? 0 : offset;
            byte[] bytes = new byte[(int) Math.min(length - from, 4 << 20)];
            file.seek(length - bytes.length);
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException noLog) {
            return "";
        }
    }

    /** The last lines, indented under the file's name, or empty when there is no such file or it is empty. */
    public Optional<String> tail(int lines) {
        try {
            List<String> all = Files.readAllLines(path);
            return all.isEmpty() ? Optional.empty()
                    : Optional.of(path + ":\n    " + String.join("\n    ", all.subList(Math.max(0, all.size() - lines), all.size())));
        } catch (IOException missing) {
            return Optional.empty();
        }
    }
}
