package workshop.runner;

import java.util.List;
import java.util.Optional;
import workshop.kit.lessons.Hints;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Task;

/** {@code ./jbang hint NN}: one hint more each time, of the task to work on. */
final class HintCommand {

    private final Overview overview;
    private final ProgressFile progress;

    HintCommand(Overview overview) {
        this.overview = overview;
        this.progress = overview.progress();
    }

    /** The next hint: of the first task not passed yet, for an exercise in tasks (the last task's once all pass). */
    int run(Lesson lesson) {
        List<Task> tasks = overview.tasks(lesson);
        Optional<Task> task = overview.currentTask(lesson).or(() -> tasks.stream().reduce((first, last) -> last));
        String key = task.map(t -> ProgressFile.taskKey(lesson.id(), t.number())).orElse(lesson.id());
        String which = "lesson " + lesson.number() + task.map(t -> ", task " + t.number() + " (" + t.title() + ")").orElse("");
        List<String> hints = task.map(Task::hints).orElseGet(() -> Hints.read(new ExerciseFiles(overview.root(), lesson).hintsFile()));
        int shown = progress.hintsShown(key);
        if (hints.isEmpty()) {
            Runner.say("Lesson " + lesson.number() + " has no hints. The failure message of ./jbang check " + lesson.number() + " says what to change.");
            return 0;
        }
        if (shown >= hints.size()) {
            Runner.say("That was the last hint for " + which + ". The reference solution: ./jbang solution " + lesson.number());
            Runner.say("All hints again:\n\n" + String.join("\n\n", hints));
            return 0;
        }
        Runner.say(String.format("Hint %d of %d for %s:%n%n%s", shown + 1, hints.size(), which, hints.get(shown)));
        progress.recordHintShown(key, shown + 1);
        return 0;
    }
}
