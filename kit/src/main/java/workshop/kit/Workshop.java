package workshop.kit;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the workshop lives on disk: the project root and its ignored state folder. */
public final class Workshop {

    private Workshop() {}

    /**
     * The project root: $WORKSHOP_HOME, else the nearest folder above the working directory
     * that holds jbang-catalog.json (lessons and Maven modules both run below it).
     */
    public static Path root() {
        String configured = System.getenv("WORKSHOP_HOME");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        Path dir = Path.of("").toAbsolutePath();
        for (Path candidate = dir; candidate != null; candidate = candidate.getParent()) {
            if (Files.exists(candidate.resolve("jbang-catalog.json")) && Files.exists(candidate.resolve("mvnw"))) {
                return candidate;
            }
        }
        throw new IllegalStateException("Cannot find the workshop folder above " + dir
                + ". Run the command from inside the cloned repository, or set WORKSHOP_HOME to it.");
    }

    /** Ignored, project-local state: node data, logs, pid files, cached classpaths, charts. */
    public static Path stateDir() {
        return root().resolve(".workshop");
    }

    /** The JDK's feature version this JVM runs on (17 for 17.0.15). */
    public static int javaVersion() {
        return Runtime.version().feature();
    }
}
