package workshop.kit.catalogue;

import com.datastax.oss.driver.api.core.CqlSession;
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
        for (AccessPattern pattern : patterns) {
            List<String> problems = Rules.declarationProblems(pattern, BUSY);
            if (problems.isEmpty() && pattern.growth() == null && pattern.plan().keyed() && !pattern.plan().access().writes()) {
                for (String table : pattern.plan().tables()) {
                    measured.computeIfAbsent(table, name -> LargestPartition.of(session, name)).flatMap(Rules::measuredProblem)
                            .ifPresent(problems::add);
                }
            }
            if (!problems.isEmpty()) {
                results.add(new PatternResult(pattern, "-", Verdict.FAILED, problems, null));
            } else if (pattern.plan().access() == Plan.Access.SEARCH) {
                results.add(Rules.unrun(pattern));
            } else {
                for (AccessPattern.Sample sample : pattern.samples()) {
                    CheckedSession.Ran ran = session.observe(sample.run());
                    results.add(Rules.answered(Rules.judge(pattern, sample.label(), ran.seen(), BUSY), sample, ran.returned()));
                }
            }
        }
        return new CatalogueReport(title, results, false, measured.values().stream().flatMap(Optional::stream).toList(),
                Optional.empty());
    }
}
