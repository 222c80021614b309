package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import workshop.kit.Workshop;

/** A file generated from the lesson list: where it goes under the root, what it holds, whether it runs. */
public record GeneratedFile(String path, String content, boolean executable) {

    static final String HEADER = "Generated from the lesson list by ./jbang generate; edit Lessons.java, not this file.";

    public Path file() {
        return Workshop.root().resolve(path);
    }

    public void write() {
        try {
            Files.createDirectories(file().getParent());
            Files.writeString(file(), content);
            if (executable) {
                Files.setPosixFilePermissions(file(), PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
