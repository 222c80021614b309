package workshop.runner.report;

import java.util.List;
import workshop.runner.report.PartResult.Outcome;

/**
 * One learner's grade over the lessons graded, part by part, read from the grades the checks wrote
 * (.workshop/results/NN.json, turned into parts by the runner). Every report format is written from this alone.
 */
public record Scorecard(String learner, List<PartResult> parts) {

    public int score() {
        return parts.stream().mapToInt(PartResult::points).sum();
    }

    public int maxScore() {
        return parts.stream().mapToInt(PartResult::maxPoints).sum();
    }

    public List<String> lessons() {
        return parts.stream().map(PartResult::lesson).distinct().toList();
    }

    public List<PartResult> parts(String lesson) {
        return parts.stream().filter(p -> p.lesson().equals(lesson)).toList();
    }

    public boolean anyWithheld() {
        return parts.stream().anyMatch(p -> p.outcome() == Outcome.WITHHELD);
    }
}
