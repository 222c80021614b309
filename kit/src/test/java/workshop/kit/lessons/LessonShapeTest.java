package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

/**
 * What every lesson script shares, checked without running one: its body runs under Failures.guard,
 * so a learner never sees a stack trace, and it ends with a recap of what it measured (Recap checks
 * the recap's length when the lesson runs; .ci/run checks the printed width).
 */
class LessonShapeTest {

    @Test
    void everyLessonRunsGuardedAndEndsWithARecap() throws Exception {
        List<String> problems = new ArrayList<>();
        for (Lesson lesson : Lessons.ALL) {
            String source = Files.readString(Workshop.root().resolve(lesson.script()));
            if (!source.contains("Failures.guard(")) {
                problems.add(lesson.script() + ": main does not run its body through Failures.guard");
            }
            if (!source.contains("Recap.measured()")) {
                problems.add(lesson.script() + ": no recap (Recap.measured() ... .print(next))");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
