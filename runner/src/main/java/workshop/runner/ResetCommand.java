package workshop.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import workshop.kit.lessons.Lesson;

/** {@code ./jbang reset NN}: the lesson's stubs back and its progress cleared, the learner's code backed up. */
final class ResetCommand {

    private final Path root;
    private final ProgressFile progress;

    ResetCommand(Overview overview) {
        this.root = overview.root();
        this.progress = overview.progress();
    }

    /**
     * Puts the original stubs back and clears the lesson's progress (passed, hints shown); the
     * learner's files are copied to a backup folder first. Asks, unless told --yes.
     */
    int run(Lesson lesson, boolean yes) throws IOException {
        if (!yes) {
            System.out.print("Put lesson " + lesson.number() + "'s stubs back and clear its progress? Your code is"
                    + " backed up first. Type yes: ");
            System.out.flush();
            String answer = new BufferedReader(new InputStreamReader(System.in)).readLine();
            if (answer == null || !answer.strip().equalsIgnoreCase("yes")) {
                System.out.println("Nothing changed.");
                return 0;
            }
        }
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        Path backup = root.resolve(".workshop/backups").resolve(lesson.id() + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        for (Path file : files.learnerSources()) {
            Optional<String> stub = StubHistory.originalStub(root, file);
            if (stub.isEmpty()) {
                Runner.say("No original stub of " + root.relativize(file) + " in git history; left as it is.");
                continue;
            }
            Files.createDirectories(backup);
            Files.copy(file, backup.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(file, stub.get());
        }
        progress.clear(lesson.id());
        Runner.say("Lesson " + lesson.number() + " is back to its stubs and not started. Your code is in "
                + root.relativize(backup));
        return 0;
    }
}
