package workshop.kit.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import workshop.kit.terminal.Words;

/**
 * The checker's rules, apart from the store so they can be read (and tested) on their own.
 * Declarations are judged before anything runs; a run is judged on what its trace shows.
 */
final class Rules {

    private Rules() {}

    /** Problems with the declaration itself; a pattern with any is not run. */
    static List<String> declarationProblems(AccessPattern pattern, Rate busy) {
        List<String> problems = new ArrayList<>();
        if (pattern.rate() == null) {
            problems.add("declares no rate: how often is it asked at peak? .rate(Rate.perSecond(...))");
        }
        if (pattern.p99() == null) {
            problems.add("declares no p99 target: .p99(Duration.ofMillis(...))");
        }
        Plan plan = pattern.plan();
        if (plan == null) {
            problems.add("""
                    declares no plan, so no key serves it. Name the table whose key answers it \
                    (Plan.point or Plan.range), or say that it runs as a batch job or in a search index.""");
            return problems;
        }
        if (!plan.keyed() && pattern.rate() != null && pattern.rate().atLeast(busy)) {
            problems.add(String.format("""
                    is asked %s but no key serves it (declared: %s). Anything asked %s or more needs a \
                    table whose partition key is what the question names, read in the order it asks for.""",
                    pattern.rate(), plan.inWords(), busy));
        }
        if (plan.access() == Plan.Access.SEARCH && !pattern.samples().isEmpty()) {
            problems.add("declares a search index but gives Cassandra statements to run: if a key serves it, declare that key read.");
        }
        if (plan.access() != Plan.Access.SEARCH && pattern.samples().isEmpty()) {
            problems.add("declares " + plan.inWords() + " but no code that serves it: add .servedBy(\"a sample\", () -> ...).");
        }
        return problems;
    }

    /** A pattern served outside the store, judged on its declaration alone. */
    static PatternResult unrun(AccessPattern pattern) {
        return new PatternResult(pattern, "-", Verdict.EXPLAINED, List.of(pattern.plan().note()
                + ". No key serves it; asked " + pattern.rate() + ", it stays off the store's request path."), null);
    }

    static PatternResult judge(AccessPattern pattern, String sample, Observation seen, Rate busy) {
        Plan plan = pattern.plan();
        List<String> failures = new ArrayList<>();
        List<String> explanations = new ArrayList<>();
        if (seen.error() != null) {
            failures.add("its code threw " + seen.error());
        } else if (seen.requests() == 0) {
            failures.add("""
                    ran no statement through the session the catalogue was given, so nothing could be \
                    measured (run its statements on that session, with execute or executeAsync).""");
        } else if (seen.unseen() > 0) {
            failures.add(String.format("""
                    was not measured: the store traced %s, the checker saw %d sent on the session the \
                    catalogue was given; the others ran on another session, so their tables and keys are \
                    unknown. Run every statement of a pattern on the session setUp received.""",
                    Words.count(seen.cost().statements(), "statement"), seen.statements()));
        } else if (!seen.cost().complete()) {
            failures.add(String.format("""
                    was not measured: %s still growing when the checker gave up (a busy machine), \
                    so its counts are only a lower bound. Run the check again.""",
                    seen.cost().unsettled() == 1 ? "1 trace was" : seen.cost().unsettled() + " traces were"));
        } else {
            Set<String> undeclared = new TreeSet<>(seen.tables());
            undeclared.removeAll(plan.tables());
            if (!undeclared.isEmpty()) {
                failures.add("read " + undeclared + ", which its plan does not name (it names " + plan.tables() + ").");
            }
            if (plan.keyed()) {
                judgeKeyRead(pattern, seen, busy, failures, explanations);
            } else if (!seen.scanned()) {
                failures.add(String.format("""
                        is declared a batch job, but its statement read %d partition(s) by key without \
                        scanning: a key serves it, so declare that key read instead.""", seen.distinctPartitions()));
            } else {
                explanations.add(String.format("%s. One run scanned %d token ranges on %d node(s) and read %,d rows; asked %s, that is work for a job, not for a request.",
                        plan.note(), seen.rangeScans(), seen.nodes().size(), seen.rowsRead(), pattern.rate()));
            }
        }
        Verdict verdict = !failures.isEmpty() ? Verdict.FAILED : !explanations.isEmpty() ? Verdict.EXPLAINED : Verdict.GREEN;
        return new PatternResult(pattern, sample, verdict, failures.isEmpty() ? explanations : failures, seen);
    }

    private static void judgeKeyRead(AccessPattern pattern, Observation seen, Rate busy, List<String> failures,
                                     List<String> explanations) {
        Plan plan = pattern.plan();
        boolean isBusy = pattern.rate().atLeast(busy);
        if (seen.scanned()) {
            failures.add(String.format("""
                    is declared %s, but the store scanned %d token ranges on %d node(s) and read %,d rows: \
                    no key serves this pattern. Make what the question names the partition key of a table%s.""",
                    plan.inWords(), seen.rangeScans(), seen.nodes().size(), seen.rowsRead(),
                    isBusy ? "" : ", or declare it a batch job or a search index"));
            return;
        }
        int touched = seen.distinctPartitions();
        if (touched > plan.mostPartitions()) {
            failures.add(String.format("""
                    is declared %s, but touched %d partitions on %d node(s)%s.""",
                    plan.inWords(), touched, seen.nodes().size(),
                    seen.onePartitionPerRequest() ? "" : " (an IN list or an index reads many partitions in one request)"));
        }
        if (isBusy && touched > 1) {
            boolean declaredWalk = plan.walks() && touched <= plan.mostPartitions() && seen.onePartitionPerRequest();
            if (declaredWalk && plan.partitions() > 1) {
                // Its plan starts with several reads in a row: every run pays for them, not only the walks.
                explanations.add(String.format("""
                        read %d partitions one after another, within the %d its plan allows: %s. Every run \
                        reads at least %d (%s), each request waiting for the last, so its latency is theirs \
                        added up; the reads that walk further pay more.""",
                        touched, plan.mostPartitions(), plan.note(), plan.partitions(), String.join(" then ", plan.tables())));
            } else if (declaredWalk) {
                explanations.add(String.format("""
                        read %d partitions one after another, within the %d its plan allows: %s. Only the \
                        reads that walk pay for it; if they are more than 1 in 100, it shows in the p99.""",
                        touched, plan.mostPartitions(), plan.note()));
            } else if (seen.onePartitionPerRequest()) {
                failures.add(String.format("""
                        is asked %s and touched %d partitions, one request after another: each waits for \
                        the last. From %s on, a pattern reads one partition. If this is a walk back through \
                        time buckets, bound it and declare it: .walking(most, why); if not, give it a table \
                        whose partition holds the whole answer.""", pattern.rate(), touched, busy));
            } else {
                failures.add(String.format("""
                        is asked %s and touched %d partitions: a scatter-gather, whose p99 is the p99 of \
                        its slowest partition read. From %s on, a pattern reads one partition: give it a \
                        table whose partition holds the whole answer.""", pattern.rate(), touched, busy));
            }
        }
        if (plan.access() == Plan.Access.POINT && seen.rowsRead() > touched) {
            failures.add(String.format("""
                    is declared a point read (one row by its whole primary key) but read %,d rows from %d \
                    partition(s): bind every primary key column.""", seen.rowsRead(), touched));
        }
        if (seen.rowsRead() > seen.rowsReturned()) {
            failures.add(String.format("""
                    read %,d rows but its code used %,d: put the limit in the statement (LIMIT, or a \
                    clustering range) so the store stops where the answer ends.""", seen.rowsRead(), seen.rowsReturned()));
        }
    }
}
