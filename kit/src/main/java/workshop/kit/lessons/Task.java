package workshop.kit.lessons;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One numbered task of an exercise, exercism style: the learner works through task 1, 2, 3...
 * The lesson's hints file names the tasks, each heading followed by that task's hints:
 * <pre>
 * ## Task 2: pages across buckets
 * a hint
 * ---
 * the next hint
 * </pre>
 * A test belongs to task N when its class is tagged so, {@code @Tag("task-2")}: the runner reads the
 * tags of the tests it runs. A hints file without such headings is an exercise of one piece,
 * graded as a whole.
 */
public record Task(int number, String title, List<String> hints) {

    private static final Pattern HEADING = Pattern.compile("(?m)^## Task (\\d+): (.+)$");

    /** "Task 2 (pages across buckets)". */
    public String name() {
        return "Task " + number + " (" + title + ")";
    }

    /** The tasks of a hints file, in their order; none when it has no task headings (or no file). */
    public static List<Task> read(Path hintsFile) {
        return parse(Hints.text(hintsFile));
    }

    public static List<Task> parse(String text) {
        List<Task> tasks = new ArrayList<>();
        Matcher heading = HEADING.matcher(text);
        boolean found = heading.find();
        while (found) {
            int number = Integer.parseInt(heading.group(1));
            String title = heading.group(2).strip();
            int start = heading.end();
            found = heading.find();
            if (number != tasks.size() + 1) {
                throw new IllegalStateException("hints: task " + number + " where task " + (tasks.size() + 1) + " was due");
            }
            tasks.add(new Task(number, title, Hints.split(text.substring(start, found ? heading.start() : text.length()))));
        }
        return tasks;
    }
}
