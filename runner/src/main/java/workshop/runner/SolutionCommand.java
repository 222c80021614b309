package workshop.runner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import workshop.kit.lessons.Lesson;

/** {@code ./jbang solution NN}: the lesson's reference solution, once the learner says yes. */
final class SolutionCommand {

    private final Path root;

    SolutionCommand(Path root) {
        this.root = root;
    }

    int run(Lesson lesson) throws IOException {
        System.out.print("This shows lesson " + lesson.number() + "'s reference solution. Trying first teaches more. Show it? Type yes: ");
        System.out.flush();
        String answer = new BufferedReader(new InputStreamReader(System.in)).readLine();
        if (answer == null || !answer.strip().equalsIgnoreCase("yes")) {
            System.out.println("Not shown.");
            return 0;
        }
        for (Path file : ExerciseFiles.javaFiles(new ExerciseFiles(root, lesson).solutionDir()).toList()) {
            System.out.println("\n// " + root.relativize(file));
            System.out.println(Files.readString(file));
        }
        return 0;
    }
}
