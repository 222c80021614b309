package workshop.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GradescopeResultsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theResultsAreValidByTheSpecificationsSchemaAndScoreOnlyWhatPassed() throws Exception {
        Map<String, Object> results = GradescopeResults.of(Cards.mixed(), 12.4);
        assertEquals(List.of(), Cards.errors("gradescope-results.schema.json", JSON.writeValueAsString(results)));
        assertEquals(10, results.get("score"));
        List<?> tests = (List<?>) results.get("tests");
        assertEquals(List.of("passed", "failed", "failed"), tests.stream().map(t -> ((Map<?, ?>) t).get("status")).toList());
        assertEquals(List.of(10, 2, 2), tests.stream().map(t -> ((Map<?, ?>) t).get("max_score")).toList());
    }

    @Test
    void aWithheldPartSaysWithheldInItsNameAndOutput() {
        Map<?, ?> withheld = (Map<?, ?>) ((List<?>) GradescopeResults.of(Cards.mixed(), 1).get("tests")).get(2);
        assertTrue(withheld.get("name").toString().endsWith("(withheld)"), withheld.toString());
        assertTrue(withheld.get("output").toString().startsWith("Withheld"), withheld.toString());
    }

    @Test
    void theSchemaRefusesAStatusTheSpecificationDoesNotKnow() {
        // A schema that accepts anything proves nothing.
        assertFalse(Cards.errors("gradescope-results.schema.json",
                "{\"score\": 1, \"tests\": [{\"score\": 1, \"status\": \"withheld\"}]}").isEmpty());
    }
}
