package workshop.kit.terminal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The end of every lesson: what this run measured, in three to six short lines with its own
 * numbers, then the next step. A reader who skimmed the lesson still leaves with the point.
 */
public final class Recap {

    /** Fewer lines say too little, more stop being a recap. */
    static final int MIN_LINES = 3;
    static final int MAX_LINES = 6;

    private final List<String> lines = new ArrayList<>();

    private Recap() {}

    public static Recap measured() {
        return new Recap();
    }

    /** One thing the run measured; format arguments as in String.format. */
    public Recap line(String text, Object... args) {
        lines.add(args.length == 0 ? text : String.format(Locale.ROOT, text, args));
        return this;
    }

    /** Prints the recap and the next command. */
    public void print(String next) {
        System.out.print(render(next));
    }

    String render(String next) {
        if (lines.size() < MIN_LINES || lines.size() > MAX_LINES) {
            throw new IllegalStateException("a recap has " + MIN_LINES + " to " + MAX_LINES + " lines, this one "
                    + lines.size());
        }
        StringBuilder out = new StringBuilder("\n-- What you measured\n");
        for (String line : lines) {
            List<String> wrapped = Story.wrap(line, Failures.COLUMNS - 2);
            for (int i = 0; i < wrapped.size(); i++) {
                out.append(i == 0 ? "- " : "  ").append(wrapped.get(i)).append('\n');
            }
        }
        Story.wrap("Next: " + next, Failures.COLUMNS).forEach(l -> out.append('\n').append(l));
        return out.append('\n').toString();
    }
}
