package workshop.kit;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The one grading JVM a checkout keeps waiting, warm, for its next {@code ./jbang check}: its pid
 * file, command-line marker and socket live in .workshop/check/warm. It lives here, not with the
 * runner, so that {@code ./jbang down} can stop it.
 */
public final class WarmGrader {

    /** The system property that marks the process as this checkout's warm grading JVM. */
    public static final String MARKER_KEY = "workshop.grading";

    private WarmGrader() {}

    public static Path folder() {
        return Workshop.stateDir().resolve("check/warm");
    }

    public static ManagedProcess process() {
        return new ManagedProcess("the warm grading JVM", MARKER_KEY, folder());
    }

    /** Stops it if it runs (at once: it holds nothing worth a graceful end); true when it ran. */
    public static boolean stop() {
        return process().stop(Duration.ZERO);
    }
}
