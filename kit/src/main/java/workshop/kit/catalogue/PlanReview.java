package workshop.kit.catalogue;

import java.util.ArrayList;
import java.util.List;

/**
 * A catalogue's plans judged before any table or serving code exists: the access-pattern table
 * written first, reviewed, then built. It finds what the brief's numbers already decide (a busy
 * question no key serves, a busy one planned as reads in a row, a partition that grows past the
 * rule of thumb); what a plan promises about rows and partitions is left to the measured check.
 */
public final class PlanReview {

    private PlanReview() {}

    public static CatalogueReport of(String title, List<AccessPattern> patterns) {
        List<PatternResult> results = new ArrayList<>();
        for (AccessPattern pattern : patterns) {
            results.add(review(pattern, CatalogueCheck.BUSY));
        }
        return CatalogueReport.ofPlans(title, results);
    }

    static PatternResult review(AccessPattern pattern, Rate busy) {
        List<String> problems = new ArrayList<>(Rules.planProblems(pattern, busy));
        Plan plan = pattern.plan();
        if (problems.isEmpty() && plan.keyed() && !plan.access().writes() && pattern.rate().atLeast(busy)) {
            if (plan.access() == Plan.Access.MERGE) {
                return new PatternResult(pattern, "-", Verdict.EXPLAINED, List.of(String.format("""
                        plans slices of up to %d partitions side by side, merged, asked %s: %s. The answer \
                        waits for the slowest, so for a p99 of %s each read must meet it at its %s.""",
                        plan.mostPartitions(), pattern.rate(), plan.note(), Durations.target(pattern.p99()),
                        Rules.slowestOf(plan.mostPartitions()))), null);
            } else if (plan.partitions() > 1 && !plan.walks()) {
                problems.add(String.format("""
                        is asked %s and plans %d key reads in a row (%s): each waits for the last. From %s \
                        on, a pattern reads one partition: give it a table whose partition holds the whole \
                        answer, or, if the later reads walk back through time buckets, bound the walk with \
                        .walking(most, why).""", pattern.rate(), plan.partitions(), String.join(" then ", plan.tables()), busy));
            } else if (plan.access() == Plan.Access.MULTI_GET) {
                return new PatternResult(pattern, "-", Verdict.EXPLAINED, List.of(String.format("""
                        plans up to %d reads side by side, asked %s: the answer waits for the slowest, so \
                        for a p99 of %s each read must meet it at its %s.""",
                        plan.mostPartitions(), pattern.rate(), Durations.target(pattern.p99()),
                        Rules.slowestOf(plan.mostPartitions()))), null);
            }
        }
        if (!problems.isEmpty()) {
            return new PatternResult(pattern, "-", Verdict.FAILED, problems, null);
        }
        if (!plan.keyed()) {
            return Rules.unrun(pattern);
        }
        return new PatternResult(pattern, "-", Verdict.PLANNED, List.of(), null);
    }
}
