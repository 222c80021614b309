package workshop.kit.tools;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.lessons.TestReports;

/**
 * ./jbang check NN: runs one lesson's exercise tests against the learner's code in exercises/
 * and prints "N passed, N failed" with the first failure's message, which says what to change.
 */
public final class CheckTool {

    private CheckTool() {}

    public static void main(String... args) throws IOException, InterruptedException {
        if (args.length != 1) {
            System.err.println("Usage: ./jbang check <lesson>, for example ./jbang check 01");
            System.exit(2);
        }
        Lesson lesson;
        try {
            lesson = Lessons.require(args[0]);
        } catch (IllegalArgumentException unknown) {
            System.err.println(unknown.getMessage());
            System.exit(2);
            return;
        }
        if (lesson.exercisePackage().isEmpty()) {
            System.out.println("Lesson " + lesson.number() + " has no exercise: run it with ./jbang " + lesson.alias());
            return;
        }
        Path root = Workshop.root();
        List<String> command = new ArrayList<>(List.of(root.resolve("mvnw").toString(), "-q", "-B", "-pl", "exercises", "-am",
                "test", "-Dtest=" + lesson.exercisePackage().get() + ".**", "-Dsurefire.failIfNoSpecifiedTests=false"));
        System.out.println("Checking lesson " + lesson.number() + " (" + lesson.title() + ")...");
        Path log = Workshop.stateDir().resolve("check-" + lesson.number() + ".log");
        java.nio.file.Files.createDirectories(log.getParent());
        Process maven = new ProcessBuilder(command).directory(root.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (maven.waitFor() != 0) {
            System.out.println(java.nio.file.Files.readString(log));
            System.out.println("The build failed before the tests ran: the compiler's message is above (also in " + log + ").");
            System.exit(1);
        }
        List<TestReports.Outcome> outcomes = TestReports.read(root.resolve("exercises/target/surefire-reports")).stream()
                .filter(o -> o.lessonId().equals(lesson.id())).toList();
        long passed = outcomes.stream().filter(TestReports.Outcome::passed).count();
        long failed = outcomes.size() - passed;
        System.out.printf("%nLesson %s: %d passed, %d failed%n", lesson.number(), passed, failed);
        outcomes.stream().filter(o -> !o.passed()).findFirst().ifPresentOrElse(first -> {
            System.out.println("First failure: " + first.test());
            System.out.println("  " + first.message().replace("\n", "\n  "));
        }, () -> System.out.println("Every test passes. Next: the following lesson in README.md."));
        System.exit(failed == 0 && passed > 0 ? 0 : 1);
    }
}
