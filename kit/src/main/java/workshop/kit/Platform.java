package workshop.kit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The one place the workshop asks which platform it runs on and what that platform exposes. */
public final class Platform {

    public static final boolean WINDOWS = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    private Platform() {}

    /** Where a background process reads its input from: nothing. */
    public static File nullDevice() {
        return new File(WINDOWS ? "NUL" : "/dev/null");
    }

    /** Resident memory from /proc on Linux; 0 where the platform does not expose it this way. */
    public static long rssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException notLinux) {
            // fall through
        }
        return 0;
    }
}
