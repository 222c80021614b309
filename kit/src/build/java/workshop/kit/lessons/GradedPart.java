package workshop.kit.lessons;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One graded part of the workshop: a lesson's whole exercise, or one task of an exercise in tasks,
 * with its points. Every lesson with an exercise is worth the same; an exercise in tasks shares
 * its points among them (the first tasks taking any remainder), so 3 of 4 tasks done earn their
 * share. The grade command, its reports and the generated grading set-ups all count from here.
 */
public record GradedPart(Lesson lesson, Optional<Task> task, int points) {

    public static final int POINTS_PER_LESSON = 10;

    /** "Lesson 06, task 2". */
    public String name() {
        return "Lesson " + lesson.number() + task.map(t -> ", task " + t.number()).orElse("");
    }

    /** What the part asks: the task's title, or the lesson's. */
    public String title() {
        return task.map(Task::title).orElse(lesson.title());
    }

    /** The lessons that are graded: those with an exercise. */
    public static List<Lesson> gradedLessons() {
        return Lessons.ALL.stream().filter(l -> l.exercisePackage().isPresent()).toList();
    }

    /** The graded parts of one lesson. */
    public static List<GradedPart> of(Lesson lesson, Path root) {
        List<Task> tasks = lesson.tasks(root);
        if (tasks.isEmpty()) {
            return List.of(new GradedPart(lesson, Optional.empty(), POINTS_PER_LESSON));
        }
        List<GradedPart> parts = new ArrayList<>();
        for (Task task : tasks) {
            int points = POINTS_PER_LESSON / tasks.size() + (task.number() <= POINTS_PER_LESSON % tasks.size() ? 1 : 0);
            parts.add(new GradedPart(lesson, Optional.of(task), points));
        }
        return parts;
    }

    /** The most points the whole workshop gives. */
    public static int maxPoints() {
        return gradedLessons().size() * POINTS_PER_LESSON;
    }
}
