package workshop.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.OracleSample;

/** Assertions that a design task's catalogue serves each question on its oracle's own samples. */
public final class OracleExpectations {

    private OracleExpectations() {}

    /**
     * The pattern runs on the oracle's samples, in order, each carrying the very answer the oracle
     * computed: an answer of the design's own would grade nothing.
     *
     * @param samplesCall how the learner's code gets the samples, for the message: "EventOracle.firstPages()"
     */
    public static void assertServedOnTheOraclesSamples(AccessPattern pattern, List<? extends OracleSample<?>> expected,
                                                       String samplesCall) {
        List<String> labels = pattern.samples().stream().map(AccessPattern.Sample::label).toList();
        List<String> wanted = expected.stream().map(OracleSample::label).toList();
        if (!labels.equals(wanted)) {
            fail(String.format("%s is served on %s; the oracle's samples are %s: declare it .servedOn(%s, yourCode).",
                    pattern.id(), labels, wanted, samplesCall));
        }
        for (int i = 0; i < expected.size(); i++) {
            if (pattern.samples().get(i).answer() != expected.get(i).answer()) {
                fail(String.format("%s's sample \"%s\" does not carry the oracle's answer: declare it .servedOn(%s, yourCode),"
                        + " so the checker compares what your code returns with what the brief's data says.",
                        pattern.id(), expected.get(i).label(), samplesCall));
            }
        }
    }
}
