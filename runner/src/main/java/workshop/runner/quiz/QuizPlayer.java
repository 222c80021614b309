package workshop.runner.quiz;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.terminal.Story;
import workshop.kit.tools.CommandLines;
import workshop.runner.LessonKeys;
import workshop.runner.ProgressFile;
import workshop.runner.QuizScores;

/**
 * Plays a lesson's check-yourself questions: one at a time, each answer explained as soon as it
 * is given. Answers are read line by line, so a file or a pipe can answer too; the score is kept
 * in the progress file only when every question was answered.
 */
public final class QuizPlayer {

    /** Room for the prompt too: with piped answers the verdict follows the prompt on its line. */
    private static final String LETTER_PROMPT = "letter> ";
    private static final String NUMBER_PROMPT = "number> ";
    private static final int WIDTH = 96 - LETTER_PROMPT.length();

    private final Path root;
    private final BufferedReader in;
    private final PrintStream out;
    private final Random order;

    /** Plays the quizzes under root; order shuffles each question's options (seeded in tests). */
    public QuizPlayer(Path root, BufferedReader in, PrintStream out, Random order) {
        this.root = root;
        this.in = in;
        this.out = out;
        this.order = order;
    }

    public static void main(String... args) {
        System.exit(run(args));
    }

    /** Plays the quiz of the lesson named; its exit code (2: no lesson named, or none by that name, or an unknown option). */
    static int run(String... args) {
        return CommandLines.execute(commandLine(), args);
    }

    /** The quiz's command line, for a run and for the completion scripts. */
    public static CommandLine commandLine() {
        return new CommandLine(new QuizCommand());
    }

    /** ./jbang quiz NN, on picocli: an option it does not know is refused with the nearest one. */
    @CommandLine.Command(name = "./jbang quiz",
            description = "Check yourself: a few questions on one lesson, each answer explained as soon as it is given."
                    + " Answers may come from a pipe or a file too.",
            footer = {"Examples:", "  ./jbang quiz 01", "  ./jbang quiz 01 < answers.txt"})
    static final class QuizCommand implements Callable<Integer> {

        @CommandLine.Parameters(arity = "0..1", paramLabel = "NN", completionCandidates = LessonKeys.class, description = "The lesson: its number (01, 4d) or its id")
        String lesson;

        @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
        boolean help;

        @Override
        public Integer call() throws IOException {
            Path root = Workshop.root();
            if (lesson == null) {
                System.out.println("Usage: ./jbang quiz NN   (for example ./jbang quiz 01)");
                System.out.println(QuizScores.summary(new ProgressFile(ProgressFile.defaultFile(root))));
                return 2;
            }
            Optional<Lesson> found = Lessons.find(lesson);
            if (found.isEmpty()) {
                System.out.println("No lesson '" + lesson + "'. Try ./jbang quiz 01 (lessons 00 to "
                        + Lessons.ALL.get(Lessons.ALL.size() - 1).number() + ").");
                return 2;
            }
            var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            return new QuizPlayer(root, in, System.out, new Random()).play(found.get());
        }
    }

    /** Asks every question of the lesson; 0 when all were answered, 1 when the input ended early. */
    public int play(Lesson lesson) throws IOException {
        Path file = QuizFile.of(root, lesson);
        if (!Files.exists(file)) {
            out.println("Lesson " + lesson.number() + " has no questions yet (" + root.relativize(file) + ").");
            return 0;
        }
        List<Question> questions = QuizFile.read(file);
        out.printf("Lesson %s, check yourself: %d questions. Type a letter (or a number) and Enter.%n",
                lesson.number(), questions.size());
        int right = 0;
        for (int i = 0; i < questions.size(); i++) {
            Optional<Boolean> answered = ask(i + 1, questions.size(), questions.get(i).shuffled(order));
            if (answered.isEmpty()) {
                out.printf("%nStopped after %d of %d questions; nothing saved. Again: ./jbang quiz %s%n",
                        i, questions.size(), lesson.number());
                return 1;
            }
            right += answered.get() ? 1 : 0;
        }
        new ProgressFile(ProgressFile.defaultFile(root)).recordQuiz(lesson.id(), right, questions.size());
        out.printf("%nYou got %d of %d right. Saved: ./jbang workshop shows it.%n", right, questions.size());
        if (right < questions.size()) {
            out.println("Reread the explanations above, or the lesson's slides, then ./jbang quiz " + lesson.number());
        } else {
            out.println(lesson.exercisePackage().isPresent() ? "Next: the exercise, ./jbang check " + lesson.number()
                    : "Next: ./jbang workshop shows where you stand.");
        }
        return 0;
    }

    /** Right or wrong, or empty when the input ended before an answer. */
    private Optional<Boolean> ask(int n, int of, Question question) throws IOException {
        out.println();
        print(n + "/" + of + ". " + question.text(), "", "   ");
        for (int i = 0; i < question.options().size(); i++) {
            print(Question.letter(i) + ") " + question.options().get(i).text(), "   ", "      ");
        }
        while (true) {
            out.print(question.numeric() ? NUMBER_PROMPT : LETTER_PROMPT);
            out.flush();
            String line = in.readLine();
            if (line == null) {
                out.println();
                return Optional.empty();
            }
            Optional<Question.Verdict> verdict = question.judge(line);
            if (verdict.isEmpty()) {
                out.println(question.numeric() ? "Type a number." : "Type one letter, a to "
                        + Question.letter(question.options().size() - 1) + ".");
                continue;
            }
            boolean right = verdict.get().right();
            print(right ? "Right." : "Not quite: the answer is " + verdict.get().rightAnswer() + ".", "", "   ");
            print(question.explanation(), "  ", "  ");
            return Optional.of(right);
        }
    }

    /** A paragraph wrapped to the width, with its own indent for the first and later lines. */
    private void print(String paragraph, String first, String rest) {
        List<String> lines = Story.wrap(paragraph, WIDTH - rest.length());
        for (int i = 0; i < lines.size(); i++) {
            out.println((i == 0 ? first : rest) + lines.get(i));
        }
    }
}
