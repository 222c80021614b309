package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.lessons.Lesson;
import workshop.runner.Grade.FailureGrade;
import workshop.runner.Grade.Status;

/** The grade command with a stand-in for the check: what it retries, and what its reports say. */
class GradeCommandTest {

    /** When every grade here was checked; the certificate dates each passed lesson by it. */
    private static final String CHECKED = "2026-12-06T08:00:00Z";

    private static Grade grade(Lesson lesson, Status status, List<FailureGrade> failures) {
        return new Grade(lesson.number(), lesson.id(), status, status == Status.PASSED ? 3 : 0, failures.size(), 1.5,
                CHECKED, List.of(), failures, List.of(), List.of(), null);
    }

    @Test
    void aWithheldLessonIsCheckedOnceMoreAloneThenReportedWithheldWithItsReason(@TempDir Path root) throws Exception {
        List<String> checked = new ArrayList<>();
        FailureGrade unmeasured = new FailureGrade(Kind.UNMEASURED, 0, "latest()", "ConversationMessagesTest",
                "the trace was incomplete: the machine is busy");
        GradeCommand command = new GradeCommand(root, lesson -> {
            checked.add(lesson.number());
            Status status = lesson.number().equals("01") ? Status.WITHHELD : Status.PASSED;
            Grade grade = grade(lesson, status, status == Status.WITHHELD ? List.of(unmeasured) : List.of());
            grade.write(Grade.resultsFile(root, lesson));
            return grade.exitCode();
        });

        int exit = command.run(List.of("01", "02"), Optional.of(root.resolve("out")), Optional.of("ana"));

        assertEquals(List.of("01", "02", "01"), checked);
        assertEquals(3, exit);
        String gradescope = Files.readString(root.resolve("out/gradescope-results.json"));
        assertTrue(gradescope.contains("\"score\" : 10,"), gradescope);
        assertTrue(gradescope.contains("(withheld)"), gradescope);
        assertTrue(Files.readString(root.resolve("out/summary.md")).contains("the trace was incomplete"));
        assertEquals("ana,10,20,0,10,Lesson 01\n", Files.readAllLines(root.resolve("out/grades.csv")).get(1) + "\n");
        assertTrue(Files.exists(root.resolve("out/junit/TEST-lesson01.xml")));
        assertTrue(Files.exists(root.resolve("out/classroom50-result.json")));
    }

    @Test
    void theCertificateNamesEveryGradedLessonWithTheDayItPassedAndIsCompleteOnlyWhenAllHave(@TempDir Path root)
            throws Exception {
        List<Lesson> graded = workshop.kit.lessons.GradedPart.gradedLessons();
        Lesson failing = graded.get(graded.size() - 1);
        GradeCommand command = new GradeCommand(root, lesson -> {
            Grade grade = grade(lesson, lesson == failing ? Status.FAILED : Status.PASSED, List.of());
            grade.write(Grade.resultsFile(root, lesson));
            return grade.exitCode();
        });
        Path out = root.resolve("out");

        assertEquals(1, command.run(List.of(), Optional.of(out), Optional.of("Ana <ana@example.org>")));
        String record = Files.readString(out.resolve("certificate.html"));
        assertTrue(record.contains("<h1>Record of progress</h1>"), record);
        assertTrue(record.contains("has passed " + (graded.size() - 1) + " of the workshop's " + graded.size()), record);
        assertTrue(record.contains("<td>" + failing.number() + "</td><td>" + failing.title() + "</td><td>not yet passed</td>"),
                record);
        assertTrue(record.contains("Ana &lt;ana@example.org&gt;"), "the learner's name is escaped: " + record);

        // grading the failed lesson alone, now passing: the certificate still counts the others' recorded grades
        GradeCommand fixed = new GradeCommand(root, lesson -> {
            Grade grade = grade(lesson, Status.PASSED, List.of());
            grade.write(Grade.resultsFile(root, lesson));
            return grade.exitCode();
        });
        assertEquals(0, fixed.run(List.of(failing.number()), Optional.of(out), Optional.of("Ana")));
        String certificate = Files.readString(out.resolve("certificate.html"));
        String day = CHECKED.substring(0, "yyyy-mm-dd".length());
        assertTrue(certificate.contains("<h1>Certificate of completion</h1>"), certificate);
        for (Lesson lesson : graded) {
            assertTrue(certificate.contains("<td>" + lesson.number() + "</td><td>" + lesson.title()
                    + "</td><td>passed " + day + "</td>"), lesson.number() + " missing: " + certificate);
        }
    }

    @Test
    void theCertificatePrintsTheCostsAPassingGradeMeasuredAndNoneOfAFailingOne(@TempDir Path root) throws Exception {
        List<Lesson> graded = workshop.kit.lessons.GradedPart.gradedLessons();
        Lesson solved = graded.get(0);
        Lesson failing = graded.get(1);
        List<Grade.Measured> measured = List.of(new Grade.Measured("latest(<chat>, 200)", 1, 200, 200),
                new Grade.Measured("latest(<chat>, 200)", 1, 200, 200), new Grade.Measured("page(2)", 2, 40, 50));
        GradeCommand command = new GradeCommand(root, lesson -> {
            Grade plain = grade(lesson, lesson == failing ? Status.FAILED : Status.PASSED, List.of());
            Grade grade = new Grade(plain.lesson(), plain.id(), plain.status(), plain.passed(), plain.failed(), plain.seconds(),
                    plain.checkedAt(), plain.tasks(), plain.failures(), plain.compileErrors(), plain.leftThreads(), null,
                    lesson == solved || lesson == failing ? measured : List.of());
            grade.write(Grade.resultsFile(root, lesson));
            return grade.exitCode();
        });
        command.run(List.of(solved.number(), failing.number()), Optional.of(root.resolve("out")), Optional.of("Ana"));

        assertEquals(measured, Grade.read(Grade.resultsFile(root, solved)).measured(), "kept in the grade's JSON");
        String certificate = Files.readString(root.resolve("out/certificate.html"));
        String figures = "<tr class=\"measured\"><td></td><td colspan=\"2\">latest(&lt;chat&gt;, 200): partitions read: 1,"
                + " rows read: 200, bound 200<br>\npage(2): partitions read: 2, rows read: 40, bound 50</td></tr>";
        assertTrue(certificate.contains("<td>" + solved.number() + "</td><td>" + escapedTitle(solved) + "</td><td>passed 2026-12-06</td></tr>\n"
                + figures), certificate);
        assertEquals(1, certificate.split("class=\"measured\"", -1).length - 1, "a failing grade's figures are not shown");
    }

    private static String escapedTitle(Lesson lesson) {
        return lesson.title().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    @Test
    void aLessonThatIsNotOneIsRefused(@TempDir Path root) throws Exception {
        assertEquals(2, new GradeCommand(root, lesson -> 0).run(List.of("99"), Optional.empty(), Optional.empty()));
    }
}
