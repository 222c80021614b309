package workshop.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Classroom50ResultTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> RUNNER_ENV = Map.of("CLASSROOM", "data-modeling", "ASSIGNMENT", "workshop",
            "SUBMISSION_TAG", "submit/2026-12-06T08-00-00Z-a1b2c3d", "COMMIT_URL", "https://github.com/o/r/commit/a1b2c3d",
            "RELEASE_URL", "https://github.com/o/r/releases/tag/submit%2F2026", "SUBMITTED_AT", "2026-12-06T07:59:58Z");

    @Test
    void theResultSatisfiesTheContractWithTheRunnersIdentity() throws Exception {
        Map<String, Object> result = Classroom50Result.of(Cards.mixed(), RUNNER_ENV, Instant.parse("2026-12-06T08:01:02.345Z"));
        assertEquals(List.of(), Cards.errors("classroom50-result.schema.json", JSON.writeValueAsString(result)));
        assertEquals("classroom50/result/v1", result.get("schema"));
        assertEquals(10, result.get("score"));
        assertEquals(14, result.get("max-score"));
        assertEquals("2026-12-06T07:59:58Z", result.get("datetime"));
        assertEquals("2026-12-06T08:01:02Z", result.get("graded_at"));
        // No review URL given: the contract falls back to the commit.
        assertEquals(RUNNER_ENV.get("COMMIT_URL"), result.get("review"));
    }

    @Test
    void aWithheldTestIsNotPassedAndSaysWhy() {
        Map<?, ?> withheld = (Map<?, ?>) ((List<?>) Classroom50Result.of(Cards.mixed(), RUNNER_ENV, Instant.now()).get("tests")).get(2);
        assertEquals(false, withheld.get("passed"));
        assertEquals("withheld", withheld.get("status"));
        assertEquals(Cards.WITHHELD.output(), withheld.get("output"));
    }

    @Test
    void theSchemaRefusesAResultWithoutItsSchemaName() {
        assertFalse(Cards.errors("classroom50-result.schema.json", "{\"score\": 1, \"max-score\": 1, \"tests\": []}").isEmpty());
    }
}
