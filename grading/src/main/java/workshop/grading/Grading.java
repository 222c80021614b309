package workshop.grading;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.lessons.TestReports;
import workshop.kit.lessons.TestReports.Counts;
import workshop.kit.terminal.TextTable;
import workshop.kit.tools.CommandLines;

/**
 * The build's last step: grading in every direction. Every reference solution passes its lesson's
 * tests (read from the solutions module's test reports); every exercise stub fails every test;
 * every wrong answer of a lesson's .meta/wrong-answers fails, first at the test it is meant to fail, with a
 * message that names the mistake; every right answer of its .meta/right-answers passes. The stubs and
 * wrong answers are graded as a learner's check grades them, so their failures are expected and
 * counted here instead of reported as errors. Each lesson's grading is {@link LessonGrading}; how
 * many run at once, {@link LessonPool}.
 */
@Command(name = "grading",
        description = "Grades the corpus: solutions and right answers pass, stubs and wrong answers fail, each for its reason.",
        footer = "Example: ./mvnw -q -pl grading -am verify -DskipTests -Dgrading.args=\"02 07d --wrong-answers-only\"")
public final class Grading implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ROOT", description = "The project's root folder.")
    private Path root;

    /** Read as words and looked up in call: picocli would take a value it cannot convert for an unmatched argument. */
    @Parameters(index = "1..*", paramLabel = "LESSON",
            description = "Lesson numbers or ids to grade only those (default: every lesson with an exercise).")
    private List<String> lessonKeys = List.of();

    @Option(names = "--wrong-answers-only", description = "Grade the wrong answers only: no solutions, stubs or right answers.")
    private boolean wrongAnswersOnly;

    /**
     * Two by default, so that while one lesson's check waits on the cluster (schema agreement,
     * traces) the other's uses the cores; measured in docs/performance.md, "The grading step".
     */
    @Option(names = "--at-once", paramLabel = "N", defaultValue = "2", description = "Lessons graded at the same time (default: 2).")
    private int atOnce;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    /**
     * Maven hands grading.args over as one argument (empty when unset): it is split into words here,
     * after the root, so `-Dgrading.args="02 07d"` reads as two lessons.
     */
    public static void main(String... args) {
        List<String> words = new ArrayList<>(List.of(args.length > 0 ? args[0] : "."));
        Stream.of(args).skip(1).flatMap(a -> Stream.of(a.split("\\s+"))).filter(a -> !a.isBlank()).forEach(words::add);
        System.exit(CommandLines.execute(new CommandLine(new Grading()), words.toArray(String[]::new)));
    }

    @Override
    public Integer call() throws IOException {
        if (atOnce < 1) {
            throw new ParameterException(spec.commandLine(), "--at-once must be 1 or more, not " + atOnce);
        }
        List<Lesson> only;
        try {
            only = lessonKeys.stream().map(LessonKey::lesson).toList();
        } catch (IllegalArgumentException unknown) {
            throw new ParameterException(spec.commandLine(), unknown.getMessage());
        }
        if (Grading.class.getClassLoader().getResource("workshop/lesson01") != null) {
            throw new IllegalStateException("Exercise classes are on the grading classpath: they would shadow the code"
                    + " each check compiles. Keep the solutions and exercises modules out of it (scope provided).");
        }
        try {
            return grade(root.toAbsolutePath().normalize(), only);
        } finally {
            Stores.stopIfTestsStartedThem(System.out);
        }
    }

    private int grade(Path home, List<Lesson> only) throws IOException {
        Path work = home.resolve("grading/target/grading");
        Files.createDirectories(work);
        Path logFile = home.resolve("grading/target/grading.log");
        PrintStream out = System.out;
        List<LessonGrading> lessons;
        try (PrintStream log = new PrintStream(Files.newOutputStream(logFile), true)) {
            LessonGrading.Place place = new LessonGrading.Place(home, work, new LearnerCopies(home), new Turns(), log);
            Map<String, Counts> solutions = TestReports.countByLesson(TestReports.read(home.resolve("solutions/target/surefire-reports")));
            lessons = Lessons.ALL.stream()
                    .filter(l -> l.exercisePackage().isPresent() && (only.isEmpty() || only.contains(l)))
                    .map(l -> new LessonGrading(l, place, solutions.getOrDefault(l.id(), new Counts(0, 0)), wrongAnswersOnly))
                    .toList();
            long started = System.nanoTime();
            try (OutputCapture captured = OutputCapture.into(log)) {
                // On one node, as the build's modules tested, every lesson that reads the same there; then
                // on three, those that need several. The build's own cluster only: see resizeForBuild.
                if (lessons.stream().anyMatch(l -> l.clusterUse() == ClusterUse.SHARED)) {
                    Cassandra.resizeForBuild(ClusterUse.SHARED.nodes()).ifPresent(out::println);
                }
                LessonPool.grade(lessons, atOnce, () -> Cassandra.resizeForBuild(ClusterUse.HELD.nodes()).ifPresent(out::println),
                        l -> out.println(l.line()));
            }
            out.printf("Grading took %d s; the tests' own output is in %s%n", (System.nanoTime() - started) / 1_000_000_000,
                    home.relativize(logFile));
        }
        printTable(lessons, out);
        Path profile = work.resolve("profile.txt");
        String shares = Profile.write(lessons.stream().flatMap(l -> l.times.stream()).toList(), profile);
        out.println("Where the checks' time went, as shares of their runs (" + home.relativize(profile) + "): " + shares);
        return report(lessons.stream().flatMap(l -> l.problems.stream()).toList(), out);
    }

    private static void printTable(List<LessonGrading> lessons, PrintStream out) {
        TextTable table = TextTable.of("lesson", "id", "solution passed", "other designs passed", "stub failed",
                "wrong answers caught");
        lessons.forEach(l -> table.row(l.lesson.number(), l.lesson.id(), l.solved, l.otherDesigns, l.stubbed, l.caught));
        out.println();
        out.println("Grading in every direction (solutions and other right designs pass; stubs and wrong answers fail):");
        out.print(table.render());
    }

    private int report(List<String> problems, PrintStream out) {
        if (problems.isEmpty()) {
            out.println(wrongAnswersOnly ? "OK: every wrong answer graded fails for its reason."
                    : "OK: every solution passes; every stub and every wrong answer fails, each for its reason.");
            return 0;
        }
        problems.forEach(p -> out.println("FAILED: " + p));
        return 1;
    }
}
