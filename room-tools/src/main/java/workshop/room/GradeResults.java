package workshop.room;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * A check's grade as data (.workshop/results/NN.json) read as the room's result: the lesson's id,
 * passed or not, the counts, and the first failure's task, test and message, as the recorder on a
 * shared cluster records them. A withheld grade (a cost not measured) is no result.
 */
final class GradeResults {

    private GradeResults() {}

    static Optional<CheckResult> of(JsonNode grade) {
        String lesson = grade.path("id").asText("");
        String status = grade.path("status").asText("");
        if (lesson.isEmpty() || status.equals("withheld")) {
            return Optional.empty();
        }
        int passed = grade.path("passed").asInt();
        return Optional.of(switch (status) {
            case "passed" -> CheckResult.passed(lesson, Optional.empty(), passed);
            case "does-not-compile" -> new CheckResult(lesson, Optional.empty(), false, 0, 0, "does not compile",
                    grade.path("compileErrors").path(0).asText(""));
            default -> failed(lesson, passed, grade);
        });
    }

    private static CheckResult failed(String lesson, int passed, JsonNode grade) {
        JsonNode first = grade.path("failures").path(0);
        if (first.isMissingNode()) {
            return new CheckResult(lesson, Optional.empty(), false, 0, 0, "no test ran", "");
        }
        int task = first.path("task").asInt();
        return new CheckResult(lesson, task > 0 ? Optional.of(Integer.toString(task)) : Optional.empty(), false, passed,
                grade.path("failed").asInt(), first.path("source").asText(""), first.path("message").asText(""));
    }
}
