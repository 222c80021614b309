package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;

/**
 * In a learner's WORKSHOP_NAMESPACE, lesson01's keyspace is alice_lesson01, so CQL that names
 * "lesson01.messages" would miss it. Lessons call Keyspaces.recreateAndUse and name tables alone.
 */
class LessonKeyspacesTest {

    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w./])lesson\\d\\d\\.[a-z_]\\w*");

    @Test
    void lessonsNameTheirTablesWithoutTheKeyspace() throws Exception {
        List<String> qualified = new ArrayList<>();
        for (Lesson lesson : Lessons.ALL) {
            Matcher matcher = QUALIFIED.matcher(Files.readString(Workshop.root().resolve(lesson.script())));
            while (matcher.find()) {
                qualified.add(lesson.script() + ": " + matcher.group());
            }
        }
        assertTrue(qualified.isEmpty(), "Name tables without their keyspace (Keyspaces.recreateAndUse makes the lesson's"
                + " keyspace, in the learner's namespace, the session's own):\n  " + String.join("\n  ", qualified));
    }
}
