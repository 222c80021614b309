package workshop.kit.catalogue;

import java.time.Duration;

/**
 * One question of a design task's brief, as the brief states it: what is asked, how often at peak
 * and how fast it must answer. The design adds the plan and the code that serve it.
 */
public record BriefQuestion(String question, Rate rate, Duration p99) {

    /** The p99 target as the checker's report writes it: "50 ms", "5 s", "1 h". */
    public String target() {
        return Durations.target(p99);
    }

    /** The question as an access pattern named id, with its rate and target. */
    public AccessPattern pattern(String id) {
        return AccessPattern.of(id, question).rate(rate).p99(p99);
    }
}
