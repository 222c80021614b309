package workshop.kit.catalogue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import workshop.kit.cost.TracingSession;

/**
 * Holds a catalogue to its word. Every pattern's code runs against the store with tracing on, and
 * what the trace shows is compared with the declared plan. A pattern fails when no key serves it
 * (its plan is missing, or its read scans token ranges), when it is asked {@link #BUSY} or more
 * and touches more than one partition (unless it is a declared, bounded walk read one partition at
 * a time), when it reads more than it declared, or when a sample that carries the brief's
 * {@link Answer} returns something else.
 */
public final class CatalogueCheck {

    /**
     * From this rate on a pattern must read one partition: a read that fans out to many
     * partitions waits for the slowest, so its p99 is the worst of all their latencies.
     */
    public static final Rate BUSY = Rate.perSecond(500);

    private final CheckedSession session;

    private CatalogueCheck(CheckedSession session) {
        this.session = session;
    }

    /** A checker on a session bound to the keyspace the catalogue's tables live in. */
    public static CatalogueCheck on(CqlSession session) {
        return new CatalogueCheck(new CheckedSession(session instanceof TracingSession traced ? traced : new TracingSession(session)));
    }

    /** The session to prepare and run the patterns' statements on: plain while loading, traced while checking. */
    public CqlSession session() {
        return session;
    }

    /**
     * Sets the catalogue up (tables and data), then checks every pattern; the report carries the
     * design as checked, its tables read from the schema, so whoever reads the report can draw it.
     */
    public CatalogueReport run(Catalogue catalogue) {
        catalogue.setUp(session);
        List<AccessPattern> patterns = catalogue.patterns();
        return check(catalogue.name(), patterns)
                .of(new CatalogueReport.Design(patterns, catalogue.plannedTables(), SchemaShapes.of(session)));
    }

    /**
     * Checks patterns whose statements run on {@link #session()}. The tables a key read reads with
     * no growth declared are measured first: their largest partition in the data as it is now.
     */
    public CatalogueReport check(String title, List<AccessPattern> patterns) {
        List<PatternResult> results = new ArrayList<>();
        Map<String, Optional<LargestPartition>> measured = new LinkedHashMap<>();
        Map<String, String> unmeasured = new LinkedHashMap<>();
        for (AccessPattern pattern : patterns) {
            List<String> problems = new ArrayList<>(Rules.declarationProblems(pattern, BUSY));
            // A partition past the rule fails every run, but the runs still happen: their cost is measured too.
            List<String> growth = Rules.growthProblem(pattern).stream().toList();
            problems.removeAll(growth);
            List<String> grows = new ArrayList<>(growth);
            List<String> notes = new ArrayList<>();
            if (problems.isEmpty() && pattern.growth() == null && pattern.plan().keyed() && !pattern.plan().access().writes()) {
                for (String table : pattern.plan().tables()) {
                    measure(table, measured, unmeasured).flatMap(Rules::measuredProblem).ifPresent(grows::add);
                    Optional.ofNullable(unmeasured.get(table)).ifPresent(notes::add);
                }
            }
            if (!problems.isEmpty()) {
                results.add(new PatternResult(pattern, "-", Verdict.FAILED, problems, null, notes));
            } else if (pattern.plan().access() == Plan.Access.SEARCH) {
                results.add(Rules.unrun(pattern));
            } else {
                for (AccessPattern.Sample sample : pattern.samples()) {
                    results.add(Rules.failedToo(run(pattern, sample, notes), grows));
                }
            }
        }
        return new CatalogueReport(title, results, false, measured.values().stream().flatMap(Optional::stream).toList(),
                Optional.empty());
    }

    /**
     * One sample run and judged. A run that misses its target tenfold and wrote nothing is run again,
     * so that a latency note rests on repeated runs, not on one sample on a busy machine. The first
     * run's answer is held to the brief's.
     */
    private PatternResult run(AccessPattern pattern, AccessPattern.Sample sample, List<String> measurementNotes) {
        CheckedSession.Ran ran = session.observe(sample.run());
        Observation seen = ran.seen();
        PatternResult judged = Rules.judge(pattern, sample.label(), seen, BUSY);
        List<Duration> latencies = new ArrayList<>(List.of(seen.latency()));
        while (Rules.slow(pattern, seen) && !seen.wrote() && latencies.size() < Rules.REPEATS
                && latencies.stream().allMatch(took -> took.compareTo(pattern.p99().multipliedBy(Rules.ORDER_OF_MAGNITUDE)) >= 0)) {
            latencies.add(session.observe(sample.run()).seen().latency());
        }
        List<String> notes = new ArrayList<>(measurementNotes);
        notes.addAll(judged.notes());
        if (seen.error() == null) {
            Rules.latencyNote(pattern, seen, latencies).ifPresent(notes::add);
        }
        return Rules.answered(new PatternResult(pattern, judged.sample(), judged.verdict(), judged.reasons(), seen, notes),
                sample, ran.returned());
    }

    /**
     * The table's largest partition, measured once. The measurement is the checker's own machinery:
     * when it fails, the failure is the checker's, said with the table's name, and the patterns are
     * still checked on everything else.
     */
    private Optional<LargestPartition> measure(String table, Map<String, Optional<LargestPartition>> measured,
                                               Map<String, String> unmeasured) {
        if (!measured.containsKey(table) && !unmeasured.containsKey(table)) {
            try {
                measured.put(table, LargestPartition.of(session, table));
            } catch (DriverException e) {
                unmeasured.put(table, String.format("""
                        the checker could not measure the largest partition of %s (%s: %s). That is the \
                        checker's failure, not the design's: its growth is not judged in this run; the rest is.""",
                        table, e.getClass().getSimpleName(), e.getMessage()));
            }
        }
        return measured.getOrDefault(table, Optional.empty());
    }
}
