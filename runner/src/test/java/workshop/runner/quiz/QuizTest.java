package workshop.runner.quiz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.runner.ProgressFile;
import workshop.runner.QuizScores;

class QuizTest {

    /** Any fixed seed: the tests replay the shuffle the player makes. */
    private static final long SEED = 7;

    @Test
    void everyLessonHasSixToTenQuestionsEachWithOneRightAnswerAndAnExplanation() {
        for (Lesson lesson : Lessons.ALL.stream().filter(l -> !l.appendix()).toList()) {
            Path file = QuizFile.of(Workshop.root(), lesson);
            assertTrue(Files.exists(file), "lesson " + lesson.number() + " has no quiz at " + file);
            List<Question> questions = QuizFile.read(file);
            assertTrue(questions.size() >= 6 && questions.size() <= 10,
                    file + " has " + questions.size() + " questions; 6 to 10 keep a quiz short and useful");
            for (Question question : questions) {
                assertEquals(List.of(), question.problems(), file + ": " + question.text());
            }
        }
    }

    @Test
    void aQuestionWithTwoRightOptionsOrNoExplanationIsReported() {
        List<Question> questions = QuizFile.parse("""
                # title
                ## Two right?
                *recall*
                - [x] one
                - [x] two
                > because
                ## Unexplained
                *transfer*
                = 3
                """, "two.md");
        assertEquals(List.of("has 2 right options; exactly one must be marked [x]"), questions.get(0).problems());
        assertEquals(List.of("has no explanation (lines starting with '> ')"), questions.get(1).problems());
    }

    @Test
    void everyQuestionSaysWhetherItIsRecallOrTransferAndAQuestionThatDoesNotIsAParseError() {
        List<Question> questions = QuizFile.parse("""
                ## Which?
                *transfer*
                Two lines of text.
                - [ ] no
                - [x] yes
                > why
                ## How many?
                *recall*
                = 2
                > because
                """, "marked.md");
        assertEquals(List.of(Question.Kind.TRANSFER, Question.Kind.RECALL),
                questions.stream().map(Question::kind).toList());
        assertEquals("Which? Two lines of text.", questions.get(0).text());

        var unmarked = assertThrows(QuizFile.QuizFormatException.class, () -> QuizFile.parse("""
                ## Marked
                *recall*
                = 1
                > one
                ## Forgot
                = 2
                > two
                """, "forgot.md"));
        assertEquals("forgot.md: question \"Forgot\" needs one line *recall* or *transfer*", unmarked.getMessage());
        var both = assertThrows(QuizFile.QuizFormatException.class, () -> QuizFile.parse("""
                ## Both
                *recall*
                *transfer*
                = 1
                > one
                """, "both.md"));
        assertEquals("both.md: question \"Both\" needs one line *recall* or *transfer*, not 2", both.getMessage());
    }

    /**
     * A quiz that makes you apply: at least 60% of each lesson's questions are transfer, and a
     * learner who always picks the longest option must not pass (at most a third of the
     * multiple-choice questions may reward it), nor one who always picks the shortest.
     * Prints the figures, one line per quiz.
     */
    @Test
    void everyQuizIsMostlyTransferAndRarelyRewardsTheLongestOption() {
        List<String> failures = new ArrayList<>();
        for (Lesson lesson : Lessons.ALL.stream().filter(l -> !l.appendix()).toList()) {
            List<Question> questions = QuizFile.read(QuizFile.of(Workshop.root(), lesson));
            long transfer = questions.stream().filter(Question::transfer).count();
            List<Question> choices = questions.stream().filter(q -> !q.numeric()).toList();
            long longest = choices.stream().filter(Question::rightIsLongest).count();
            long shortest = choices.stream().filter(Question::rightIsShortest).count();
            System.out.printf("%s: transfer %d/%d (%d%%), right option longest %d/%d (%d%%), shortest %d/%d%n",
                    lesson.id(), transfer, questions.size(), percent(transfer, questions.size()),
                    longest, choices.size(), percent(longest, choices.size()), shortest, choices.size());
            if (transfer * 10 < questions.size() * 6L) {
                failures.add(lesson.id() + ".md: " + transfer + " of " + questions.size()
                        + " questions are transfer; at least 60% must apply the lesson to a case it did not show");
            }
            if (longest * 3 > choices.size()) {
                failures.add(lesson.id() + ".md: the right option is the longest in " + longest + " of "
                        + choices.size() + " multiple-choice questions; at most a third may be");
            }
            if (shortest * 3 > choices.size()) {
                failures.add(lesson.id() + ".md: the right option is the shortest in " + shortest + " of "
                        + choices.size() + " multiple-choice questions; at most a third may be");
            }
        }
        assertEquals(List.of(), failures);
    }

    private static long percent(long part, long whole) {
        return whole == 0 ? 0 : Math.round(100.0 * part / whole);
    }

    @Test
    void numbersAreJudgedWithinTheirToleranceAndLettersByPosition() {
        List<Question> questions = QuizFile.parse("""
                ## How many million rows?
                *transfer*
                = 480 within 2%
                > 50,000 x 20 x 8 x 60
                ## Which?
                *recall*
                - [ ] no
                - [x] yes
                > why
                """, "judged.md");
        Question rows = questions.get(0);
        assertTrue(rows.judge("480 M").orElseThrow().right());
        assertTrue(rows.judge("485").orElseThrow().right());
        assertTrue(!rows.judge("4,800").orElseThrow().right());
        assertEquals(Optional.empty(), rows.judge("lots"));
        Question which = questions.get(1);
        assertTrue(which.judge(" B ").orElseThrow().right());
        assertTrue(!which.judge("a").orElseThrow().right());
        assertEquals(Optional.empty(), which.judge("c"));
    }

    @Test
    void answersFromStdinAreExplainedScoredAndSavedWithinOneHundredColumns(@TempDir Path root) throws Exception {
        Lesson lesson = Lessons.require("07");
        List<Question> questions = QuizFile.read(copyQuiz(root, lesson));
        Random asked = new Random(SEED);
        String answers = "not an answer\n" + questions.stream().map(q -> rightAnswer(q.shuffled(asked)))
                .collect(Collectors.joining("\n"));

        String output = play(root, lesson, answers);
        assertTrue(output.contains("Type "), output);
        assertTrue(output.contains("You got " + questions.size() + " of " + questions.size()), output);
        assertEquals(Optional.of(questions.size() + "/" + questions.size()),
                new ProgressFile(ProgressFile.defaultFile(root)).quizScore(lesson.id()));
        output.lines().forEach(line -> assertTrue(line.length() <= 100, "longer than 100 columns: " + line));
        assertTrue(QuizScores.summary(new ProgressFile(ProgressFile.defaultFile(root)))
                .contains(lesson.number() + ":" + questions.size() + "/" + questions.size()));
    }

    @Test
    void everyLessonsQuizPrintsWithinOneHundredColumns(@TempDir Path root) throws Exception {
        for (Lesson lesson : Lessons.ALL.stream().filter(l -> !l.appendix()).toList()) {
            List<Question> questions = QuizFile.read(copyQuiz(root, lesson));
            String wrong = questions.stream().map(q -> q.numeric() ? "0" : "a").collect(Collectors.joining("\n"));
            play(root, lesson, wrong).lines().forEach(line ->
                    assertTrue(line.length() <= 100, lesson.id() + ": longer than 100 columns: " + line));
        }
    }

    @Test
    void aQuizCutShortSavesNothing(@TempDir Path root) throws Exception {
        Lesson lesson = Lessons.require("01");
        Path quiz = copyQuiz(root, lesson);

        String output = play(root, lesson, rightAnswer(QuizFile.read(quiz).get(0).shuffled(new Random(SEED))) + "\n");
        assertTrue(output.contains("Stopped after 1 of"), output);
        assertEquals(Optional.empty(), new ProgressFile(ProgressFile.defaultFile(root)).quizScore(lesson.id()));
    }

    @Test
    void optionsAreShownInAnOrderTheAuthorDidNotChoose() throws Exception {
        List<Question> all = new ArrayList<>();
        for (Lesson lesson : Lessons.ALL.stream().filter(l -> !l.appendix()).toList()) {
            QuizFile.read(QuizFile.of(Workshop.root(), lesson)).stream().filter(q -> !q.numeric()).forEach(all::add);
        }
        Random order = new Random(SEED);
        long moved = all.stream().filter(q -> !rightAnswer(q).equals(rightAnswer(q.shuffled(order)))).count();
        // With three or four options a shuffle keeps the right one in place about a third of the time.
        assertTrue(moved > all.size() / 3, moved + " of " + all.size() + " right options moved");
    }

    /** The lesson's real questions under a fresh root, so the progress file is the test's own. */
    private static Path copyQuiz(Path root, Lesson lesson) throws Exception {
        Path quiz = QuizFile.of(root, lesson);
        Files.createDirectories(quiz.getParent());
        return Files.copy(QuizFile.of(Workshop.root(), lesson), quiz);
    }

    private static String play(Path root, Lesson lesson, String answers) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            new QuizPlayer(root, new BufferedReader(new StringReader(answers)), out, new Random(SEED)).play(lesson);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String rightAnswer(Question question) {
        if (question.numeric()) {
            return Question.formatNumber(question.number().get());
        }
        for (int i = 0; i < question.options().size(); i++) {
            if (question.options().get(i).right()) {
                return Question.letter(i);
            }
        }
        throw new AssertionError("no right option");
    }
}
