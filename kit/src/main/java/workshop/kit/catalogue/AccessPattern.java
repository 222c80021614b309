package workshop.kit.catalogue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One question the application asks, how often and how fast it must be answered, how the design
 * says it serves it, and the code that serves it, run on sample arguments by the checker.
 * Built step by step: {@code AccessPattern.of("Q1", "...").rate(...).p99(...).plan(...).servedBy(...)}.
 *
 * @param id       a short name ("Q1")
 * @param question what is asked, in words
 * @param rate     how often, at peak
 * @param p99      the latency 99 of 100 answers must beat
 * @param plan     the declared plan
 * @param samples  the serving code on realistic arguments, one run per sample
 * @param growth   how fast one partition it reads grows, if the brief says (null: not declared)
 */
public record AccessPattern(String id, String question, Rate rate, Duration p99, Plan plan, List<Sample> samples,
                            Growth growth) {

    /**
     * The serving code on one set of arguments: a busy chat and a quiet one, say. It must run its
     * statements on the session the catalogue was given (execute or executeAsync), so they can be
     * traced; a statement run on another session makes the run "not measured".
     *
     * @param answer the right answer to these arguments, from the brief's oracle; null when the
     *               catalogue states none (the checker then judges the cost alone)
     */
    public record Sample(String label, Supplier<?> run, Answer answer) {}

    public AccessPattern {
        samples = List.copyOf(samples);
    }

    public static AccessPattern of(String id, String question) {
        return new AccessPattern(id, question, null, null, null, List.of(), null);
    }

    public AccessPattern rate(Rate newRate) {
        return new AccessPattern(id, question, newRate, p99, plan, samples, growth);
    }

    public AccessPattern p99(Duration newP99) {
        return new AccessPattern(id, question, rate, newP99, plan, samples, growth);
    }

    public AccessPattern plan(Plan newPlan) {
        return new AccessPattern(id, question, rate, p99, newPlan, samples, growth);
    }

    /** The same question, rate and target with no plan and no code yet: to declare another design for it. */
    public AccessPattern unserved() {
        return new AccessPattern(id, question, rate, p99, null, List.of(), null);
    }

    /**
     * How fast one partition this pattern reads grows, from the brief's numbers: the checker fails
     * a partition that passes the 100 MB rule of thumb and names the bucket that would bound it.
     */
    public AccessPattern growing(Growth newGrowth) {
        return new AccessPattern(id, question, rate, p99, plan, samples, newGrowth);
    }

    /** The serving code on one set of arguments, judged on its cost. */
    public AccessPattern servedBy(String label, Supplier<?> run) {
        return with(new Sample(label, run, null));
    }

    /** The serving code on one set of arguments, judged on its cost and on what it returns. */
    public AccessPattern servedBy(String label, Answer answer, Supplier<?> run) {
        return with(new Sample(label, run, Objects.requireNonNull(answer, "answer")));
    }

    /**
     * The serving code on each of the oracle's samples, in their order, each judged on its cost and
     * on whether it returns the sample's answer.
     */
    public <A> AccessPattern servedOn(List<OracleSample<A>> oracleSamples, Function<? super A, ?> code) {
        AccessPattern served = this;
        for (OracleSample<A> sample : oracleSamples) {
            served = served.servedBy(sample.label(), sample.answer(), () -> code.apply(sample.argument()));
        }
        return served;
    }

    private AccessPattern with(Sample sample) {
        List<Sample> more = new ArrayList<>(samples);
        more.add(sample);
        return new AccessPattern(id, question, rate, p99, plan, more, growth);
    }
}
