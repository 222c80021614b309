package workshop.kit.lessons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import workshop.kit.Workshop;

/** The plain workflow, parsed as GitHub reads it: its triggers, its steps, and which lessons a push grades. */
class GradeWorkflowTest {

    private static JsonNode workflow() throws Exception {
        // Parsed by a YAML parser, then walked as JSON: what GitHub reads, not what the text looks like.
        Object yaml = new Yaml().load(GradeWorkflow.file().content());
        return new ObjectMapper().valueToTree(yaml);
    }

    private static List<JsonNode> steps() throws Exception {
        List<JsonNode> steps = new ArrayList<>();
        workflow().at("/jobs/grade/steps").forEach(steps::add);
        return steps;
    }

    private static JsonNode step(String nameStart) throws Exception {
        return steps().stream().filter(s -> s.path("name").asText().startsWith(nameStart)).findFirst().orElseThrow();
    }

    @Test
    void itGradesOnPushOnAScheduleAndOnDemandWithNoGradingServiceAction() throws Exception {
        JsonNode on = workflow().get("on");
        assertTrue(on.has("push") && on.has("schedule") && on.has("workflow_dispatch"), on.toString());
        for (JsonNode step : steps()) {
            String uses = step.path("uses").asText();
            assertTrue(uses.isEmpty() || uses.startsWith("actions/"), "only GitHub's own actions: " + uses);
            assertTrue(uses.isEmpty() || uses.matches("actions/[a-z-]+@[0-9a-f]{40}"), "pinned by commit: " + uses);
        }
    }

    @Test
    void everyReporterStepRunsWhateverFailedBefore() throws Exception {
        List<JsonNode> steps = steps();
        int grade = steps.indexOf(step("Grade"));
        assertTrue(steps.get(grade).path("run").asText().startsWith("./jbang grade"));
        List<JsonNode> after = steps.subList(grade + 1, steps.size());
        assertFalse(after.isEmpty());
        for (JsonNode step : after) {
            assertEquals("always()", step.path("if").asText(), step.path("name").asText() + " must run if: always()");
        }
        assertTrue(step("The grade in the run's summary").path("run").asText().contains(">> \"$GITHUB_STEP_SUMMARY\""));
        assertEquals(".workshop/grades/", step("The reports as an artifact").at("/with/path").asText());
    }

    /** The lessons the step "The lessons to grade" picks for a push that changed these files. */
    private static String lessonsFor(String... changed) throws Exception {
        String script = step("The lessons to grade").path("run").asText();
        String lessonOf = script.substring(0, script.indexOf("if [ \"$EVENT\""));
        List<String> args = new ArrayList<>(List.of("bash", "-c", lessonOf
                + "for f in \"$@\"; do lesson_of \"$f\"; done | sort -u | paste -sd' ' -", "bash"));
        args.addAll(List.of(changed));
        Process lessons = new ProcessBuilder(args).redirectErrorStream(true).start();
        String out = new String(lessons.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, lessons.waitFor(), out);
        return out;
    }

    @Test
    void aPushGradesTheLessonsWhoseExerciseItChanged() throws Exception {
        assertEquals("01 06", lessonsFor("lessons/01-naive-table/src/workshop/lesson01/ConversationMessages.java",
                "lessons/06-dynamodb-keys/src/workshop/lesson06/OrderHistory.java", "README.md"));
        assertEquals("06d", lessonsFor("lessons/06d-order-system/test/workshop/lesson06d/OrderQuestionsTest.java"));
        assertEquals("", lessonsFor("lessons/06d-order-system/hints.md"));
        assertEquals("", lessonsFor("docs/notes.md"));
        assertEquals("all", lessonsFor("kit/src/main/java/workshop/kit/Workshop.java"));
        for (Lesson lesson : GradedPart.gradedLessons()) {
            String file = Workshop.root().relativize(lesson.files(Workshop.root()).stubs()).toString().replace('\\', '/') + "/Any.java";
            assertEquals(lesson.number(), lessonsFor(file), file);
        }
    }
}
