package workshop.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import workshop.kit.lessons.Lesson;

/** {@code ./jbang watch NN}: a check on every save, and a hint at a key. */
final class WatchCommand {

    private final Path root;
    private final CheckCommand check;
    private final HintCommand hint;

    WatchCommand(Path root, CheckCommand check, HintCommand hint) {
        this.root = root;
        this.check = check;
        this.hint = hint;
    }

    /**
     * Re-checks whenever a file of the lesson changes; polls, which works on every file system.
     * Each re-check is a check: it adopts the warm grading JVM the last one left (connected, its
     * compiler warmed on this lesson) and leaves the next one waiting for the next save.
     */
    int run(Lesson lesson) {
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        try (WatchKeys keys = WatchKeys.open()) {
            Runner.say("Watching " + root.relativize(files.learnerDir()) + " (" + keys.legend() + ")...");
            long lastSeen = -1;
            while (true) {
                long stamp = files.sourcesToCompile().stream().mapToLong(WatchCommand::modified).sum();
                if (stamp != lastSeen) {
                    lastSeen = stamp;
                    check.run(lesson);
                    System.out.println("\nWaiting for a change (" + keys.legend() + ")...");
                }
                Optional<WatchKeys.Key> key = keys.next(Duration.ofMillis(300));
                if (key.isPresent()) {
                    switch (key.get()) {
                        case QUIT -> {
                            return 0;
                        }
                        case STOPPED -> {
                            return 130;
                        }
                        case HINT -> {
                            hint.run(lesson);
                            System.out.println("\nWaiting for a change (" + keys.legend() + ")...");
                        }
                        case RERUN -> lastSeen = -1;
                    }
                }
            }
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis() + Files.size(file);
        } catch (IOException gone) {
            return 0;
        }
    }
}
