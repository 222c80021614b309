package workshop.kit.terminal;

import java.util.ArrayList;
import java.util.List;

/** Prints a lesson as a reader follows it: a title, short wrapped paragraphs, and section headings. */
public final class Story {

    /** Prose keeps a margin inside the line width, so a paragraph never touches a table's edge. */
    private static final int WIDTH = Failures.COLUMNS - 8;

    private Story() {}

    public static void title(String lesson, String title) {
        String line = "Lesson " + lesson + ": " + title;
        System.out.println();
        System.out.println(line);
        System.out.println("=".repeat(line.length()));
    }

    public static void section(String heading) {
        System.out.println();
        System.out.println("-- " + heading);
    }

    /** A paragraph, wrapped; format arguments as in String.format. */
    public static void say(String text, Object... args) {
        String formatted = args.length == 0 ? text : String.format(text, args);
        for (String paragraph : formatted.split("\n\n")) {
            wrap(paragraph.replace('\n', ' '), WIDTH).forEach(System.out::println);
        }
    }

    /** The paragraph's words in lines of at most width characters (a longer word gets a line of its own). */
    public static List<String> wrap(String paragraph, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : paragraph.trim().split("\\s+")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
