package workshop.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import workshop.kit.lessons.GradedPart;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.runner.report.Classroom50Result;
import workshop.runner.report.Certificate;
import workshop.runner.report.CsvRow;
import workshop.runner.report.GradescopeResults;
import workshop.runner.report.JunitXml;
import workshop.runner.report.MarkdownSummary;
import workshop.runner.report.Scorecard;

/**
 * {@code ./jbang grade [NN ...] [--out DIR] [--learner NAME]}: checks every lesson with an exercise
 * (or the ones named) once the stores are up, then writes one grade in every format a class
 * grades with, from the grades the checks left: JUnit XML per lesson, Gradescope's results.json,
 * Classroom 50's result.json, a Markdown summary and a CSV row; and the learner's certificate
 * (certificate.html) from every grade recorded so far. A lesson withheld (exit 3, a cost
 * not measured on a busy machine) is checked once more alone, after the others; if it is withheld
 * again, the reports say withheld, with the reason, never a silent 0.
 */
final class GradeCommand {

    static final String USAGE = "./jbang grade [NN ...] [--out DIR] [--learner NAME]";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What grades one lesson and gives the check's exit code; {@link CheckCommand#run} outside tests. */
    interface Check {
        int run(Lesson lesson) throws IOException;
    }

    private final Path root;
    private final Check check;

    GradeCommand(Path root, Check check) {
        this.root = root;
        this.check = check;
    }

    /**
     * Grades the lessons named (every one with an exercise when none is), the reports in out
     * (default .workshop/grades), for the learner named (default GITHUB_ACTOR, else the login).
     * Exit 0 when every part passed, 1 when one failed, 3 when none failed but one stayed withheld,
     * 2 for a lesson not known.
     */
    int run(List<String> keys, Optional<Path> outDir, Optional<String> learnerName) throws IOException {
        Path out = outDir.map(Path::toAbsolutePath).orElse(root.resolve(".workshop/grades"));
        String learner = learnerName.orElseGet(() -> System.getenv().getOrDefault("GITHUB_ACTOR",
                System.getProperty("user.name", "learner")));
        List<Lesson> lessons = new ArrayList<>();
        for (String key : keys) {
            try {
                lessons.add(Lessons.require(key));
            } catch (IllegalArgumentException unknown) {
                System.out.println(unknown.getMessage() + " Usage: " + USAGE);
                return 2;
            }
        }
        List<Lesson> graded = GradedPart.gradedLessons().stream()
                .filter(l -> lessons.isEmpty() || lessons.contains(l)).toList();
        Instant start = Instant.now();
        List<Lesson> withheld = new ArrayList<>();
        for (Lesson lesson : graded) {
            if (check.run(lesson) == Grade.Status.WITHHELD.exitCode()) {
                withheld.add(lesson);
            }
        }
        for (Lesson lesson : withheld) {
            Runner.say("\nLesson " + lesson.number() + " was withheld (a cost not measured); grading it again, alone.");
            check.run(lesson);
        }
        List<Grade> grades = new ArrayList<>();
        for (Lesson lesson : graded) {
            Path file = Grade.resultsFile(root, lesson);
            if (Files.exists(file)) {
                grades.add(Grade.read(file));
            } else {
                Runner.say("Lesson " + lesson.number() + " left no grade (" + file + "): left out of the reports; see its output above.");
            }
        }
        Scorecard card = Scorecards.of(learner, grades);
        write(card, out, Duration.between(start, Instant.now()).toMillis() / 1000.0);
        Runner.say(String.format("%nGrade: %d of %d points. Reports in %s (JUnit XML, Gradescope, Classroom 50,"
                + " Markdown, CSV).", card.score(), card.maxScore(), root.relativize(out.toAbsolutePath())));
        List<Certificate.Entry> entries = GradedPart.gradedLessons().stream().map(this::certificateEntry).toList();
        Path certificate = out.resolve("certificate.html");
        Files.writeString(certificate, Certificate.html(learner, entries, LocalDate.now(ZoneOffset.UTC).toString()));
        Runner.say((Certificate.complete(entries) ? "Every lesson passed: your certificate of completion is "
                : "Your record so far (a certificate once every lesson passes): ") + root.relativize(certificate.toAbsolutePath()));
        boolean failed = card.parts().stream().anyMatch(p -> p.outcome() == workshop.runner.report.PartResult.Outcome.FAILED);
        return failed ? 1 : card.anyWithheld() ? 3 : 0;
    }

    /** A graded lesson on the certificate, passed on the day of its recorded grade if that grade passed. */
    private Certificate.Entry certificateEntry(Lesson lesson) {
        Path file = Grade.resultsFile(root, lesson);
        String passedOn = null;
        List<String> measured = List.of();
        if (Files.exists(file)) {
            Grade grade = Grade.read(file);
            if (grade.status() == Grade.Status.PASSED) {
                passedOn = Instant.parse(grade.checkedAt()).atZone(ZoneOffset.UTC).toLocalDate().toString();
                measured = grade.measured().stream().map(GradeCommand::measuredLine).distinct().toList();
            }
        }
        return new Certificate.Entry(lesson.number(), lesson.title(), passedOn, measured);
    }

    /** A call's measured cost as the certificate prints it. */
    static String measuredLine(Grade.Measured m) {
        return String.format("%s: partitions read: %d, rows read: %,d, bound %,d", m.call(), m.partitions(), m.rowsRead(),
                m.bound());
    }

    /** Every format, from the one scorecard. */
    static void write(Scorecard card, Path out, double seconds) throws IOException {
        Files.createDirectories(out.resolve("junit"));
        for (String lesson : card.lessons()) {
            Files.writeString(out.resolve("junit/TEST-lesson" + lesson + ".xml"), JunitXml.of(lesson, card.parts(lesson)));
        }
        JSON.writeValue(out.resolve("gradescope-results.json").toFile(), GradescopeResults.of(card, seconds));
        JSON.writeValue(out.resolve("classroom50-result.json").toFile(),
                Classroom50Result.of(card, Map.copyOf(System.getenv()), Instant.now()));
        Files.writeString(out.resolve("summary.md"), MarkdownSummary.of(card));
        Files.writeString(out.resolve("grades.csv"), CsvRow.header(card) + CsvRow.row(card));
    }
}
