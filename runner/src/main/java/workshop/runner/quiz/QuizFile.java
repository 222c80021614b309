package workshop.runner.quiz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.kit.lessons.Lesson;

/**
 * A lesson's questions, kept as markdown so they read well on GitHub and are edited without code:
 * each question starts with "## ", its options are "- [ ]" lines with the right one "- [x]", or a
 * line "= 480" (optionally "= 480 within 10%") for a numeric answer, and the explanation is the
 * lines starting with "> ". A question's text may go on over the lines after its heading, up to
 * its first option or number, so that no line of the file passes 100 columns. Text before the
 * first question is a title and is ignored.
 *
 * <p>Every question says what it asks with a line of its own, "*recall*" (what the lesson showed)
 * or "*transfer*" (the lesson's idea applied to a case it did not show: another domain, other
 * numbers, a design to critique, what breaks first), usually right under its heading; it shows
 * in italics on GitHub and is not part of the question's text. A question without it, or with
 * both, is an error naming the file and the question.
 *
 * <pre>
 * ## A 6 KB item, read eventually consistent: how many read capacity units?
 * *transfer*
 * = 1
 * &gt; 6 KB rounds up to two 4 KB units; an eventually consistent read costs half: 1.
 * </pre>
 */
public final class QuizFile {

    private static final Pattern OPTION = Pattern.compile("^- \\[([ xX])\\] (.+)$");
    private static final Pattern NUMBER = Pattern.compile("^= *([0-9][0-9,.]*)(?: +within +([0-9.]+)%)? *$");
    private static final Pattern KIND = Pattern.compile("^\\*(recall|transfer)\\*$");

    private QuizFile() {}

    /** Where a lesson's questions live (see {@link workshop.kit.lessons.LessonFiles#quiz()}). */
    public static Path of(Path root, Lesson lesson) {
        return lesson.files(root).quiz();
    }

    public static List<Question> read(Path file) {
        try {
            return parse(Files.readString(file), file.getFileName().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }

    /** Thrown for a question the file does not mark recall or transfer: one line, file and question. */
    public static final class QuizFormatException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        QuizFormatException(String message) {
            super(message);
        }
    }

    static List<Question> parse(String markdown, String name) {
        List<Question> questions = new ArrayList<>();
        List<String> block = null;
        for (String line : markdown.split("\\R")) {
            if (line.startsWith("## ")) {
                if (block != null) {
                    questions.add(question(block, name));
                }
                block = new ArrayList<>();
            }
            if (block != null) {
                block.add(line);
            }
        }
        if (block != null) {
            questions.add(question(block, name));
        }
        return questions;
    }

    private static Question question(List<String> lines, String name) {
        StringBuilder text = new StringBuilder(lines.get(0).substring(3).strip());
        List<Question.Kind> kinds = new ArrayList<>();
        StringBuilder explanation = new StringBuilder();
        List<Question.Option> options = new ArrayList<>();
        Optional<Double> number = Optional.empty();
        double tolerance = 0;
        for (String line : lines.subList(1, lines.size())) {
            Matcher option = OPTION.matcher(line.strip());
            Matcher numeric = NUMBER.matcher(line.strip());
            Matcher kind = KIND.matcher(line.strip());
            if (kind.matches()) {
                kinds.add(Question.Kind.valueOf(kind.group(1).toUpperCase(Locale.ROOT)));
            } else if (option.matches()) {
                options.add(new Question.Option(option.group(2).strip(), !option.group(1).isBlank()));
            } else if (numeric.matches()) {
                number = Optional.of(Double.parseDouble(numeric.group(1).replace(",", "")));
                tolerance = numeric.group(2) == null ? 0 : Double.parseDouble(numeric.group(2)) / 100;
            } else if (line.startsWith(">")) {
                explanation.append(' ').append(line.substring(1).strip());
            } else if (!line.isBlank() && options.isEmpty() && number.isEmpty()) {
                text.append(' ').append(line.strip());
            }
        }
        if (kinds.size() != 1) {
            throw new QuizFormatException(name + ": question \"" + text + "\" needs one line *recall* or *transfer*"
                    + (kinds.isEmpty() ? "" : ", not " + kinds.size()));
        }
        return new Question(text.toString(), List.copyOf(options), number, tolerance,
                explanation.toString().strip(), kinds.get(0));
    }
}
