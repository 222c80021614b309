package workshop.runner.report;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Classroom 50's result.json (schema classroom50/result/v1), the one file its runner reads after an
 * autograder: the submission's identity from the runner's environment, the score and one test per
 * graded part. A withheld part is not passed and scores 0, and says so in the extra fields a
 * test may carry (status, output), which Classroom 50 keeps verbatim.
 */
public final class Classroom50Result {

    public static final String SCHEMA = "classroom50/result/v1";

    private Classroom50Result() {}

    /**
     * @param env the runner's environment: CLASSROOM, ASSIGNMENT, SUBMISSION_TAG, COMMIT_URL,
     *            RELEASE_URL, REVIEW_URL, and SUBMITTED_AT (the graded commit's committer date,
     *            which the autograder sets; now when absent)
     */
    public static Map<String, Object> of(Scorecard card, Map<String, String> env, Instant now) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("schema", SCHEMA);
        result.put("classroom", env.getOrDefault("CLASSROOM", ""));
        result.put("assignment", env.getOrDefault("ASSIGNMENT", ""));
        result.put("submission", env.getOrDefault("SUBMISSION_TAG", ""));
        result.put("commit", env.getOrDefault("COMMIT_URL", ""));
        result.put("release", env.getOrDefault("RELEASE_URL", ""));
        String review = env.getOrDefault("REVIEW_URL", "");
        result.put("review", review.isEmpty() ? env.getOrDefault("COMMIT_URL", "") : review);
        String graded = now.truncatedTo(ChronoUnit.SECONDS).toString();
        result.put("datetime", env.getOrDefault("SUBMITTED_AT", graded));
        result.put("graded_at", graded);
        result.put("score", card.score());
        result.put("max-score", card.maxScore());
        List<Map<String, Object>> tests = card.parts().stream().map(Classroom50Result::test).toList();
        result.put("tests", tests);
        return result;
    }

    private static Map<String, Object> test(PartResult part) {
        Map<String, Object> test = new LinkedHashMap<>();
        test.put("test-name", part.fullName());
        test.put("passed", part.outcome() == PartResult.Outcome.PASSED);
        test.put("score", part.points());
        test.put("max-score", part.maxPoints());
        test.put("status", part.outcome().name().toLowerCase(java.util.Locale.ROOT));
        test.put("output", part.output());
        return test;
    }
}
