package workshop.runner.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gradescope's results.json, per its autograder specification: the score, and one test per graded
 * part with its score, max_score, status, output and visibility. A withheld part scores 0 on
 * Gradescope (it has no "not graded" status), so its name and output say withheld, and
 * extra_data lists it for the instructor.
 */
public final class GradescopeResults {

    private GradescopeResults() {}

    public static Map<String, Object> of(Scorecard card, double seconds) {
        Map<String, Object> results = new LinkedHashMap<>();
        results.put("score", card.score());
        results.put("execution_time", Math.round(seconds));
        results.put("output", card.anyWithheld()
                ? "Some parts were withheld, not failed: their cost could not be measured. Submit again to grade them."
                : "Graded " + card.lessons().size() + " lesson(s): " + card.score() + " of " + card.maxScore() + " points.");
        results.put("visibility", "visible");
        results.put("stdout_visibility", "visible");
        List<Map<String, Object>> tests = card.parts().stream().map(GradescopeResults::test).toList();
        results.put("tests", tests);
        results.put("extra_data", Map.of("withheld", card.parts().stream()
                .filter(p -> p.outcome() == PartResult.Outcome.WITHHELD).map(PartResult::name).toList()));
        return results;
    }

    private static Map<String, Object> test(PartResult part) {
        Map<String, Object> test = new LinkedHashMap<>();
        test.put("name", part.fullName() + (part.outcome() == PartResult.Outcome.WITHHELD ? " (withheld)" : ""));
        test.put("number", part.task() == 0 ? part.lesson() : part.lesson() + "." + part.task());
        test.put("score", part.points());
        test.put("max_score", part.maxPoints());
        test.put("status", part.outcome() == PartResult.Outcome.PASSED ? "passed" : "failed");
        test.put("output", part.output());
        test.put("visibility", "visible");
        test.put("tags", List.of("lesson-" + part.lesson()));
        return test;
    }
}
