package workshop.runner;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.kit.lessons.Task;
import workshop.kit.terminal.TextTable;

/**
 * {@code ./jbang workshop}: where the learner stands on each lesson and the one thing to do next,
 * from the progress file; the other commands ask it which lesson and task are next.
 */
final class Overview {

    private final Path root;
    private final ProgressFile progress;

    Overview(Path root) {
        this.root = root;
        this.progress = new ProgressFile(ProgressFile.defaultFile(root));
    }

    Path root() {
        return root;
    }

    /** The one progress file every command of this run reads and writes. */
    ProgressFile progress() {
        return progress;
    }

    /** Lessons that have an exercise, in order. */
    static List<Lesson> exercises() {
        return Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent()).toList();
    }

    Optional<Lesson> current() {
        return exercises().stream().filter(l -> progress.state(l.id()) != LessonState.PASSED).findFirst();
    }

    /** Prints every lesson with where the learner stands on it, the levels, the quiz scores and the next step. */
    int run() {
        // The command's column holds only the alias, under "./jbang", so the widest row fits 100 columns.
        TextTable table = TextTable.of("#", "lesson", "min", "./jbang", "exercise");
        for (Lesson lesson : Lessons.ALL) {
            String state = lesson.exercisePackage().map(p -> exerciseState(lesson)).orElse("-");
            table.row(lesson.number(), lesson.title(), Integer.toString(lesson.minutes()), lesson.alias(), state);
        }
        table.print();
        Runner.say(levels());
        System.out.println(QuizScores.summary(progress));
        System.out.println();
        Runner.say(nextStep());
        return 0;
    }

    /** The levels in one line: which lessons a self-paced learner meets at each, and their minutes. */
    static String levels() {
        return Arrays.stream(Lesson.Level.values()).map(level -> {
            List<Lesson> at = Lessons.ALL.stream().filter(l -> l.level() == level).toList();
            int minutes = at.stream().mapToInt(Lesson::minutes).sum();
            return String.format("%s %s-%s (%d h %02d min)", level.label(), at.get(0).number(),
                    at.get(at.size() - 1).number(), minutes / 60, minutes % 60);
        }).collect(Collectors.joining(", ", "Levels: ", ""));
    }

    List<Task> tasks(Lesson lesson) {
        return Task.read(new ExerciseFiles(root, lesson).hintsFile());
    }

    /** The overview's cell: the lesson's state, or for a failing exercise in tasks the tasks passed ("2/4 tasks"). */
    String exerciseState(Lesson lesson) {
        List<Task> tasks = tasks(lesson);
        LessonState state = progress.state(lesson.id());
        if (tasks.isEmpty() || state != LessonState.FAILING) {
            return state.label();
        }
        long passed = tasks.stream()
                .filter(t -> progress.state(ProgressFile.taskKey(lesson.id(), t.number())) == LessonState.PASSED).count();
        return passed + "/" + tasks.size() + " tasks";
    }

    /** The first task of the lesson its last check did not pass; empty for an exercise not in tasks. */
    Optional<Task> currentTask(Lesson lesson) {
        return tasks(lesson).stream()
                .filter(t -> progress.state(ProgressFile.taskKey(lesson.id(), t.number())) != LessonState.PASSED).findFirst();
    }

    /** The one thing to do next, with its commands. */
    String nextStep() {
        Optional<Lesson> next = current();
        if (next.isEmpty()) {
            return allDoneMessage();
        }
        Lesson lesson = next.get();
        ExerciseFiles files = new ExerciseFiles(root, lesson);
        String where = root.relativize(files.learnerDir()).toString();
        return switch (progress.state(lesson.id())) {
            case NOT_STARTED -> String.format("""
                    Next: lesson %s, %s.
                      1. Run the lesson and read what it measures:  ./jbang %s
                      2. Write your code where the TODOs are:       %s
                      3. Grade it (prints what to change):          ./jbang check %s
                         or re-grade on every save:                 ./jbang watch %s""",
                    lesson.number(), lesson.title(), lesson.alias(), where, lesson.number(), lesson.number());
            case FAILING -> String.format("""
                    Next: make lesson %s's tests pass%s.
                      Edit %s, then ./jbang check %s
                      Stuck? ./jbang hint %s gives one hint at a time.""",
                    lesson.number(), currentTask(lesson).map(t -> ", task " + t.number() + " first (" + t.title() + ")").orElse(""),
                    where, lesson.number(), lesson.number());
            case PASSED -> throw new IllegalStateException("a passed lesson is never next");
        };
    }

    static String allDoneMessage() {
        return "Every exercise passes. You can now design tables from access patterns and prove what they cost. Well done!";
    }
}
