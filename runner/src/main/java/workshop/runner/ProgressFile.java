package workshop.runner;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The learner's progress, kept in an ignored file and keyed by stable lesson ids (never by
 * number), so reordering or renumbering lessons keeps it.
 */
public final class ProgressFile {

    private final Path file;
    private final Properties values = new Properties();

    public ProgressFile(Path file) {
        this.file = file;
        if (Files.exists(file)) {
            try (Reader reader = Files.newBufferedReader(file)) {
                values.load(reader);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read progress from " + file, e);
            }
        }
    }

    public LessonState state(String lessonId) {
        String state = values.getProperty(lessonId + ".state");
        return state == null ? LessonState.NOT_STARTED : LessonState.valueOf(state.toUpperCase(Locale.ROOT));
    }

    /** Records a check's outcome: all passed, or not. */
    public void recordCheck(String lessonId, boolean allPassed) {
        values.setProperty(lessonId + ".state", (allPassed ? LessonState.PASSED : LessonState.FAILING).name().toLowerCase(Locale.ROOT));
        save();
    }

    /**
     * Records where a check left each task of an exercise in tasks. A task's state and hints are
     * kept under its own key ({@link #taskKey}), read with {@link #state} and {@link #hintsShown}.
     */
    public void recordTasks(String lessonId, Map<Integer, LessonState> states) {
        states.forEach((task, state) -> values.setProperty(taskKey(lessonId, task) + ".state",
                state.name().toLowerCase(Locale.ROOT)));
        save();
    }

    /** The key of task n of a lesson, where its state and hints shown are kept: "cursor-pagination.task.2". */
    public static String taskKey(String lessonId, int task) {
        return lessonId + ".task." + task;
    }

    /** Forgets the lesson: not started, no hint shown, and so for each of its tasks. */
    public void clear(String lessonId) {
        values.remove(lessonId + ".state");
        values.remove(lessonId + ".hints");
        values.stringPropertyNames().stream().filter(key -> key.startsWith(lessonId + ".task.")).forEach(values::remove);
        save();
    }

    public int hintsShown(String lessonId) {
        return Integer.parseInt(values.getProperty(lessonId + ".hints", "0"));
    }

    public void recordHintShown(String lessonId, int shown) {
        values.setProperty(lessonId + ".hints", Integer.toString(shown));
        save();
    }

    /** Where the runner and the quiz keep progress under the workshop root. */
    public static Path defaultFile(Path root) {
        return root.resolve(".workshop/progress.properties");
    }

    /** The last finished check-yourself quiz as "right/asked", if one was finished. */
    public Optional<String> quizScore(String lessonId) {
        return Optional.ofNullable(values.getProperty(lessonId + ".quiz"));
    }

    public void recordQuiz(String lessonId, int right, int asked) {
        values.setProperty(lessonId + ".quiz", right + "/" + asked);
        save();
    }

    private void save() {
        try {
            Files.createDirectories(file.getParent());
            try (Writer writer = Files.newBufferedWriter(file)) {
                values.store(writer, "Workshop progress, by lesson id. Delete this file to start over.");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot save progress to " + file, e);
        }
    }
}
