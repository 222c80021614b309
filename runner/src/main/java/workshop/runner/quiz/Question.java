package workshop.runner.quiz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * One check-yourself question: either options of which one is right, or a number answered within
 * a tolerance. The explanation is shown after every answer, right or wrong.
 *
 * @param text        the question
 * @param options     the choices, empty for a numeric question
 * @param number      the right number, for a numeric question
 * @param tolerance   how far off (as a fraction of the number) an answer may be and still count
 * @param explanation why the right answer is right
 * @param kind        whether it asks what the lesson showed or applies it to a case it did not
 */
public record Question(String text, List<Option> options, Optional<Double> number, double tolerance,
        String explanation, Kind kind) {

    /**
     * What a question asks of the learner: recall, what the lesson showed; transfer, the lesson's
     * idea applied to a case it did not show (another domain, other numbers, a design to critique).
     */
    public enum Kind {
        RECALL, TRANSFER;

        /** The word of the marker line, "recall" or "transfer". */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A choice and whether it is the right one. */
    public record Option(String text, boolean right) {}

    /** The outcome of one answer: whether it counts, and what to show. */
    public record Verdict(boolean right, String rightAnswer) {}

    public boolean numeric() {
        return number.isPresent();
    }

    public boolean transfer() {
        return kind == Kind.TRANSFER;
    }

    /** Whether the right option has more characters than every wrong one (a guess that pays). */
    public boolean rightIsLongest() {
        int right = options.stream().filter(Option::right).mapToInt(o -> o.text().length()).sum();
        return !numeric() && options.stream().filter(o -> !o.right()).allMatch(o -> o.text().length() < right);
    }

    /** Whether the right option has fewer characters than every wrong one (the opposite guess). */
    public boolean rightIsShortest() {
        int right = options.stream().filter(Option::right).mapToInt(o -> o.text().length()).sum();
        return !numeric() && options.stream().filter(o -> !o.right()).allMatch(o -> o.text().length() > right);
    }

    /** What is wrong with this question as written; empty when it can be played. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        long right = options.stream().filter(Option::right).count();
        if (numeric() && !options.isEmpty()) {
            problems.add("has both options and a numeric answer");
        } else if (!numeric() && options.size() < 2) {
            problems.add("needs at least two options or a numeric answer");
        } else if (!numeric() && right != 1) {
            problems.add("has " + right + " right options; exactly one must be marked [x]");
        }
        if (explanation.isBlank()) {
            problems.add("has no explanation (lines starting with '> ')");
        }
        if (text.isBlank()) {
            problems.add("has no text");
        }
        return problems;
    }

    /**
     * The same question with its options in another order: the file's order is where its author
     * happened to put the right one, and a learner who takes the quiz twice learns letters.
     */
    public Question shuffled(Random order) {
        List<Option> mixed = new ArrayList<>(options);
        Collections.shuffle(mixed, order);
        return new Question(text, List.copyOf(mixed), number, tolerance, explanation, kind);
    }

    /** The letter a learner types for option i: a, b, c... */
    public static String letter(int i) {
        return String.valueOf((char) ('a' + i));
    }

    /** Judges what the learner typed, or returns empty when it is not an answer at all. */
    public Optional<Verdict> judge(String typed) {
        String answer = typed.strip().toLowerCase(Locale.ROOT);
        if (numeric()) {
            Optional<Double> given = parseNumber(answer);
            double expected = number.get();
            return given.map(g -> new Verdict(Math.abs(g - expected) <= Math.abs(expected) * tolerance,
                    formatNumber(expected)));
        }
        int index = answer.length() == 1 ? answer.charAt(0) - 'a' : -1;
        if (index < 0 || index >= options.size()) {
            return Optional.empty();
        }
        int rightIndex = rightIndex();
        return Optional.of(new Verdict(index == rightIndex, letter(rightIndex) + ") " + options.get(rightIndex).text()));
    }

    private int rightIndex() {
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).right()) {
                return i;
            }
        }
        throw new IllegalStateException("no right option");
    }

    /** The first number in the text, with thousands separators ignored: "480", "24 GB", "1,000". */
    static Optional<Double> parseNumber(String text) {
        var matcher = java.util.regex.Pattern.compile("-?[0-9][0-9,]*(\\.[0-9]+)?").matcher(text);
        return matcher.find() ? Optional.of(Double.parseDouble(matcher.group().replace(",", ""))) : Optional.empty();
    }

    static String formatNumber(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%,d", (long) value) : Double.toString(value);
    }
}
