package workshop.kit.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

/**
 * The checker's findings: one row per run, then the reason for every verdict that is not green.
 * A plan review's report (planOnly) has no runs: one verdict per pattern, from its plan alone.
 *
 * @param largest the largest partition of each table read by a pattern that declares no growth, as measured
 * @param design  what a whole run ({@link CatalogueCheck#run}) checked, for drawing it; empty for a plan review
 *                or patterns checked on their own
 */
public record CatalogueReport(String title, List<PatternResult> results, boolean planOnly, List<LargestPartition> largest,
                              Optional<Design> design) {

    static final List<String> HEADERS = List.of("pattern", "rate", "touched (traced)", "rows read", "result rows", "ms", "verdict");
    /** The pattern column never gets narrower than this, however wide the other cells are. */
    static final int NARROWEST_PATTERN = 12;

    /**
     * A checked catalogue's patterns, the tables it planned (none when it declares none) and the
     * tables its setUp built, read from the keyspace's schema right after the run.
     */
    public record Design(List<AccessPattern> patterns, List<TableShape> planned, List<TableShape> built) {
        public Design {
            patterns = List.copyOf(patterns);
            planned = List.copyOf(planned);
            built = List.copyOf(built);
        }
    }

    public CatalogueReport {
        results = List.copyOf(results);
        largest = List.copyOf(largest);
    }

    public CatalogueReport(String title, List<PatternResult> results) {
        this(title, results, false, List.of(), Optional.empty());
    }

    static CatalogueReport ofPlans(String title, List<PatternResult> results) {
        return new CatalogueReport(title, results, true, List.of(), Optional.empty());
    }

    /** The same findings, with the design they were found on. */
    CatalogueReport of(Design checked) {
        return new CatalogueReport(title, results, planOnly, largest, Optional.of(checked));
    }

    /** The measured largest partition of a table, if a pattern read it without declaring its growth. */
    public Optional<LargestPartition> largestOf(String table) {
        return largest.stream().filter(l -> l.table().equals(table)).findFirst();
    }

    /** True when every pattern is green or explained. */
    public boolean passed() {
        return results.stream().noneMatch(r -> r.verdict() == Verdict.FAILED);
    }

    public long count(Verdict verdict) {
        return results.stream().filter(r -> r.verdict() == verdict).count();
    }

    public List<PatternResult> resultsOf(String patternId) {
        return results.stream().filter(r -> r.pattern().id().equals(patternId)).toList();
    }

    public Optional<PatternResult> firstFailure() {
        return results.stream().filter(r -> r.verdict() == Verdict.FAILED).findFirst();
    }

    public String render() {
        long patterns = results.stream().map(r -> r.pattern().id()).distinct().count();
        StringBuilder out = new StringBuilder();
        String counts = planOnly
                ? String.format("Plan review of \"%s\", before any code runs: %d pattern(s): %d planned, %d explained, %d failed",
                        title, patterns, count(Verdict.PLANNED), count(Verdict.EXPLAINED), count(Verdict.FAILED))
                : String.format("Catalogue \"%s\": %d pattern(s), %d run(s): %d green, %d explained, %d failed", title,
                        patterns, results.size(), count(Verdict.GREEN), count(Verdict.EXPLAINED), count(Verdict.FAILED));
        Story.wrap(counts, Failures.COLUMNS).forEach(line -> out.append(line).append('\n'));
        // The plans first, one line per pattern, so the table keeps to the terminal's width.
        for (AccessPattern pattern : results.stream().map(PatternResult::pattern).distinct().toList()) {
            String plan = (pattern.plan() == null ? "(no plan)" : pattern.plan().describe())
                    + (pattern.p99() == null ? "" : " (p99 " + Durations.target(pattern.p99()) + ")")
                    + Rules.growthSummary(pattern).map(growth -> "; " + growth).orElse("");
            Story.wrap(pattern.id() + " declares: " + plan, Failures.COLUMNS - 2)
                    .forEach(line -> out.append("  ").append(line).append('\n'));
        }
        if (!largest.isEmpty()) {
            indent(out, """
                    Largest partitions in the sample data, where no growth is declared (rows counted per \
                    partition key; bytes: the values of its rows as read, without the store's overhead):""");
            largest.forEach(partition -> Story.wrap(partition.summary(), Failures.COLUMNS - 4)
                    .forEach(line -> out.append("    ").append(line).append('\n')));
        }
        if (!planOnly) {
            out.append(table());
        }
        for (PatternResult result : results) {
            result.reasons().forEach(reason -> indent(out, result.name() + " " + result.verdict() + ": " + reason));
            result.notes().forEach(note -> indent(out, result.name() + " note: " + note));
        }
        if (results.stream().anyMatch(r -> r.observed() != null)) {
            indent(out, """
                    ms: each run's latency, from the call to its last answer, beside the p99 it declares. A \
                    local cluster with tracing on is not production: only %d times the p99 is noted.""".formatted(
                    Rules.ORDER_OF_MAGNITUDE));
        }
        if (planOnly) {
            Story.wrap(passed() ? "No plan breaks a rule. Build the tables and the code that serves each pattern; the"
                    + " measured check then holds every plan to what the store reads."
                    : count(Verdict.FAILED) + " plan(s) FAILED the review: change them before writing their code.", Failures.COLUMNS)
                    .forEach(line -> out.append(line).append('\n'));
            return out.toString();
        }
        out.append(passed() ? "Every pattern is green or explained.\n"
                : count(Verdict.FAILED) + " run(s) FAILED: the design does not serve them as declared.\n");
        return out.toString();
    }

    private static void indent(StringBuilder out, String paragraph) {
        out.append("  ").append(String.join("\n      ", Story.wrap(paragraph, Failures.COLUMNS - 6))).append('\n');
    }

    /** One row per run; the pattern cells are cut short so that every line fits Failures.COLUMNS. */
    String table() {
        // The answer column appears when some sample carries the brief's answer: a design task's check.
        boolean answers = results.stream().anyMatch(r -> r.answer() != PatternResult.AnswerCheck.UNCHECKED);
        List<String> headers = new ArrayList<>(HEADERS);
        if (answers) {
            headers.add(headers.size() - 1, "answer");
        }
        List<List<String>> rows = new ArrayList<>();
        for (PatternResult result : results) {
            Observation seen = result.observed();
            List<String> row = new ArrayList<>(List.of(seen == null ? result.pattern().id() : result.pattern().id() + " " + result.sample(),
                    String.valueOf(result.pattern().rate()), seen == null ? "-" : seen.touched(),
                    seen == null ? "-" : String.format("%,d", seen.rowsRead()),
                    seen == null ? "-" : String.format("%,d", seen.rowsReturned()),
                    seen == null ? "-" : Durations.millis(seen.latency()).replace(" ms", ""), result.verdict().toString()));
            if (answers) {
                row.add(row.size() - 1, result.answer().toString());
            }
            rows.add(row);
        }
        return fitted(headers, rows);
    }

    /**
     * A report's table: one row per run, the first (pattern) cells cut short so that every line
     * fits Failures.COLUMNS. The DynamoDB report lays its rows out the same way.
     */
    public static String fitted(List<String> headers, List<List<String>> rows) {
        int others = 2 * headers.size();
        for (int column = 1; column < headers.size(); column++) {
            int c = column;
            others += Math.max(headers.get(c).length(), rows.stream().mapToInt(r -> r.get(c).length()).max().orElse(0));
        }
        int patternWidth = Math.max(NARROWEST_PATTERN, Failures.COLUMNS - others);
        TextTable table = TextTable.of(headers.toArray(String[]::new));
        for (List<String> row : rows) {
            List<String> cells = new ArrayList<>(row);
            cells.set(0, cut(row.get(0), patternWidth));
            table.row(cells.toArray());
        }
        return table.render();
    }

    /** The text, cut to width with "..." when it is longer. */
    static String cut(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 3) + "...";
    }

    public void print() {
        System.out.print(render());
    }
}
