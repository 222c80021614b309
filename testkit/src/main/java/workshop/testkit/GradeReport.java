package workshop.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import workshop.kit.cassandra.LocalCluster;
import workshop.kit.dynamo.MotoServer;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.lessons.TestReports;
import workshop.kit.lessons.TestReports.Counts;
import workshop.kit.terminal.TextTable;

/**
 * Grading in both directions, run at the end of the build: every reference solution passes its
 * lesson's tests and every exercise stub fails them. Prints the counts per lesson, then stops the
 * cluster and the DynamoDB emulator if this test run started them.
 */
public final class GradeReport {

    private GradeReport() {}

    public static void main(String... args) {
        Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
        Map<String, Counts> solutions = TestReports.countByLesson(TestReports.read(root.resolve("solutions/target/surefire-reports")));
        Map<String, Counts> stubs = TestReports.countByLesson(TestReports.read(root.resolve("exercises/target/surefire-reports")));
        List<String> problems = new ArrayList<>();
        TextTable table = TextTable.of("lesson", "id", "solutions passed", "solutions failed", "stubs passed", "stubs failed");
        for (Lesson lesson : Lessons.ALL) {
            if (lesson.exercisePackage().isEmpty()) {
                continue;
            }
            Counts solved = solutions.getOrDefault(lesson.id(), new Counts(0, 0));
            Counts stubbed = stubs.getOrDefault(lesson.id(), new Counts(0, 0));
            table.row(lesson.number(), lesson.id(), solved.passed(), solved.failed(), stubbed.passed(), stubbed.failed());
            if (solved.passed() + solved.failed() == 0) {
                problems.add("lesson " + lesson.number() + " ran no tests against its solution");
            }
            if (solved.failed() > 0) {
                problems.add("lesson " + lesson.number() + ": " + solved.failed() + " test(s) fail against the reference solution");
            }
            if (stubbed.passed() > 0) {
                problems.add("lesson " + lesson.number() + ": " + stubbed.passed()
                        + " test(s) pass against the stub in exercises/ (a test that cannot fail, or a stub that is not a stub;"
                        + " learners grade their own work with ./jbang check " + lesson.number() + ")");
            }
            if (stubbed.passed() + stubbed.failed() != solved.passed() + solved.failed()) {
                problems.add("lesson " + lesson.number() + " ran a different number of tests against stubs and solutions");
            }
        }
        System.out.println();
        System.out.println("Grading in both directions (solutions must pass, stubs must fail):");
        table.print();
        stopClusterIfTestsStartedIt();
        stopEmulatorIfTestsStartedIt();
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.out.println("FAILED: " + p));
            System.exit(1);
        }
        System.out.println("OK: every solution passes and every stub fails.");
    }

    private static void stopClusterIfTestsStartedIt() {
        Path marker = CassandraExtension.startedByTestsMarker();
        if (Files.exists(marker)) {
            int stopped = LocalCluster.standard().stop();
            System.out.println("Stopped the " + stopped + " Cassandra node(s) this test run started.");
        }
    }

    private static void stopEmulatorIfTestsStartedIt() {
        Path marker = DynamoExtension.startedByTestsMarker();
        if (Files.exists(marker) && MotoServer.standard().stop()) {
            System.out.println("Stopped the DynamoDB emulator this test run started.");
        }
    }
}
