package workshop.runner;

import java.nio.file.Path;
import workshop.kit.ManagedProcess;
import workshop.kit.Workshop;

/**
 * The one grading JVM a checkout keeps waiting, warm, for its next {@code ./jbang check}: its pid
 * file, command-line marker and socket live in .workshop/check/warm. {@code ./jbang down} stops it
 * through the kit's copy of this folder and marker ({@code ClusterTool.warmGrader()}; a test keeps them the same).
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
}
