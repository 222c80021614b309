package workshop.runner;

import java.util.Iterator;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;

/** The lesson numbers a shell completes after a command that takes one (picocli's completion candidates). */
public final class LessonKeys implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return Lessons.ALL.stream().map(Lesson::number).iterator();
    }
}
