package workshop.testkit.quiz;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import workshop.testkit.runner.ProgressFile;

class QuizTest {

    /** Any fixed seed: the tests replay the shuffle the player makes. */
    private static final long SEED = 7;

    @Test
    void everyLessonHasFiveToEightQuestionsEachWithOneRightAnswerAndAnExplanation() {
        for (Lesson lesson : Lessons.ALL.stream().filter(l -> !l.appendix()).toList()) {
            Path file = QuizFile.of(Workshop.root(), lesson);
            assertTrue(Files.exists(file), "lesson " + lesson.number() + " has no quiz at " + file);
            List<Question> questions = QuizFile.read(file);
            assertTrue(questions.size() >= 5 && questions.size() <= 8,
                    file + " has " + questions.size() + " questions; 5 to 8 keep a quiz short and useful");
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
                - [x] one
                - [x] two
                > because
                ## Unexplained
                = 3
                """);
        assertEquals(List.of("has 2 right options; exactly one must be marked [x]"), questions.get(0).problems());
        assertEquals(List.of("has no explanation (lines starting with '> ')"), questions.get(1).problems());
    }

    @Test
    void numbersAreJudgedWithinTheirToleranceAndLettersByPosition() {
        List<Question> questions = QuizFile.parse("""
                ## How many million rows?
                = 480 within 2%
                > 50,000 x 20 x 8 x 60
                ## Which?
                - [ ] no
                - [x] yes
                > why
                """);
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

    /** A learner who always picks the longest option must not pass: at most a third of a quiz may reward it. */
    @Test
    void theRightOptionIsTheLongestInAtMostAThirdOfEachQuiz() throws Exception {
        long longest = 0;
        long choices = 0;
        for (Lesson lesson : Lessons.ALL.stream().filter(l -> !l.appendix()).toList()) {
            List<Question> mine = QuizFile.read(QuizFile.of(Workshop.root(), lesson)).stream()
                    .filter(q -> !q.numeric()).toList();
            long rightIsLongest = mine.stream().filter(QuizTest::rightIsLongest).count();
            assertTrue(rightIsLongest * 3 <= mine.size(), lesson.id() + ": the right option is the longest in "
                    + rightIsLongest + " of " + mine.size() + " questions; shorten it or give a wrong option more words");
            longest += rightIsLongest;
            choices += mine.size();
        }
        System.out.printf("Quizzes: the right option is the longest in %d of %d multiple-choice questions%n",
                longest, choices);
    }

    private static boolean rightIsLongest(Question question) {
        int right = question.options().stream().filter(Question.Option::right).mapToInt(o -> o.text().length()).sum();
        return question.options().stream().filter(o -> !o.right()).allMatch(o -> o.text().length() < right);
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
