package workshop.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.BriefQuestion;
import workshop.kit.catalogue.OracleSample;
import workshop.kit.catalogue.QuestionInBrief;

/**
 * Holds a design task's catalogue to its brief before the checker measures it: every question the
 * brief catalogues is declared at the brief's rate and target, and served on the oracle's samples
 * with the oracle's answers. A design that chose its own rates or its own answers would grade nothing.
 */
public final class BriefExpectations {

    private BriefExpectations() {}

    /**
     * One pattern per catalogued question of the brief, each at the brief's rate and p99 target;
     * returns the patterns by the questions' ids.
     *
     * @param howToDeclare how one is declared, for the message (e.g. "TicketQuestions.T1.pattern()")
     */
    public static Map<String, AccessPattern> assertDeclaresTheBrief(List<AccessPattern> patterns,
            QuestionInBrief[] questions, String howToDeclare) {
        return assertDeclaresTheBrief(patterns, Arrays.stream(questions).filter(QuestionInBrief::catalogued)
                .collect(Collectors.toMap(QuestionInBrief::name, QuestionInBrief::brief)), howToDeclare);
    }

    /**
     * One pattern per question of the brief, keyed by the question's id, each at the brief's rate
     * and p99 target; returns the patterns by id.
     *
     * @param howToDeclare how one is declared, for the message (e.g. "TicketQuestions.T1.pattern()")
     */
    public static Map<String, AccessPattern> assertDeclaresTheBrief(List<AccessPattern> patterns,
            Map<String, BriefQuestion> brief, String howToDeclare) {
        Map<String, AccessPattern> byId = patterns.stream()
                .collect(Collectors.toMap(AccessPattern::id, Function.identity()));
        assertEquals(brief.keySet(), byId.keySet(), "one pattern per question of the brief (" + howToDeclare + " and so on)");
        brief.forEach((id, question) -> {
            assertEquals(question.rate(), byId.get(id).rate(), id + "'s rate comes from the brief");
            assertEquals(question.p99(), byId.get(id).p99(), id + "'s p99 target comes from the brief");
        });
        return byId;
    }

    /**
     * The pattern is served on exactly the oracle's samples, in their order, each carrying the
     * oracle's own answer, so the checker compares what the code returns with what the data says.
     */
    public static void assertServedOnTheOraclesSamples(AccessPattern pattern, List<? extends OracleSample<?>> oracle,
            String oracleCall) {
        List<String> labels = pattern.samples().stream().map(AccessPattern.Sample::label).toList();
        List<String> expected = oracle.stream().map(OracleSample::label).toList();
        if (!labels.equals(expected)) {
            fail(String.format("""
                    %s is served on %s; the oracle's samples are %s. Serve it on each of them, in order:
                      pattern.servedOn(%s, yourCode)""", pattern.id(), labels, expected, oracleCall));
        }
        for (int i = 0; i < oracle.size(); i++) {
            if (pattern.samples().get(i).answer() != oracle.get(i).answer()) {
                fail(String.format("""
                        %s's sample "%s" does not carry the oracle's answer: serve it with pattern.servedOn(%s,
                          yourCode), so the checker compares what your code returns with what the brief's data says.""",
                        pattern.id(), expected.get(i), oracleCall));
            }
        }
    }

    /** Every sample of the pattern carries an answer; howToAnswer says where the brief's answers are. */
    public static void assertEverySampleCarriesAnAnswer(AccessPattern pattern, String howToAnswer) {
        for (AccessPattern.Sample sample : pattern.samples()) {
            if (sample.answer() == null) {
                fail(pattern.id() + " (" + sample.label() + ") carries no answer, so nothing checks what it returns: .servedBy(\""
                        + sample.label() + "\", " + howToAnswer + ", () -> ...)");
            }
        }
    }
}
