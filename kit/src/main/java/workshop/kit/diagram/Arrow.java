package workshop.kit.diagram;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Observation;
import workshop.kit.catalogue.PatternResult;
import workshop.kit.catalogue.Plan;
import workshop.kit.terminal.Words;

/**
 * One question of the application drawn as an arrow into the tables that answer it, in the order
 * they are read.
 *
 * @param id       the pattern's short name ("Q1")
 * @param question what is asked
 * @param rate     how often, as the catalogue says it ("20,000/s"); empty when not given
 * @param tables   the tables read or written, in order; empty when nothing serves it yet
 * @param access   how, step by step: "range", "point, then range", "batch job", or "no plan yet"
 * @param served   whether a key serves it (a batch job or a search index does not)
 * @param bound    what bounds a read that may touch more than one partition ("walks <= 7 partitions"), else empty
 */
public record Arrow(String id, String question, String rate, List<String> tables, String access, boolean served, String bound) {

    public Arrow {
        tables = List.copyOf(tables);
    }

    public static Arrow of(AccessPattern pattern) {
        String rate = pattern.rate() == null ? "" : pattern.rate().toString();
        Plan plan = pattern.plan();
        if (plan == null) {
            return new Arrow(pattern.id(), pattern.question(), rate, List.of(), "no plan yet", false, "");
        }
        String bound = plan.walks() ? "walks <= " + plan.mostPartitions() + " partitions"
                : plan.access() == Plan.Access.MULTI_GET ? "<= " + plan.mostPartitions() + " keys side by side"
                : plan.access() == Plan.Access.MERGE ? "<= " + plan.mostPartitions() + " partitions merged" : "";
        return new Arrow(pattern.id(), pattern.question(), rate, plan.tables(), plan.kinds(), plan.keyed(), bound);
    }

    /**
     * The arrow as a run measured it: a pattern declared a key read whose run scanned token ranges is
     * drawn as a scan, no key serving it, its declared plan marked as not held. Otherwise the plan's arrow.
     */
    public static Arrow measured(AccessPattern pattern, List<PatternResult> runs) {
        Arrow declared = of(pattern);
        Optional<Observation> scan = runs.stream().map(PatternResult::observed).filter(Objects::nonNull)
                .filter(Observation::scanned).findFirst();
        if (scan.isEmpty() || !declared.served()) {
            return declared;
        }
        return new Arrow(declared.id(), declared.question(), declared.rate(), declared.tables(),
                "scanned " + Words.count(scan.get().rangeScans(), "token range"), false,
                "declared " + declared.how() + ": not held");
    }

    /** "range, walks <= 7 partitions". */
    public String how() {
        return access + (bound.isEmpty() ? "" : ", " + bound);
    }
}
