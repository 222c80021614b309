package workshop.kit.catalogue;

import java.util.List;
import java.util.Optional;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

/** The checker's findings: one row per run, then the reason for every verdict that is not green. */
public record CatalogueReport(String title, List<PatternResult> results) {

    /** Widest pattern cell: with the other columns, a row stays within Failures.COLUMNS. */
    static final int PATTERN_COLUMN = 30;

    public CatalogueReport {
        results = List.copyOf(results);
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
        StringBuilder out = new StringBuilder(String.format("Catalogue \"%s\": %d pattern(s), %d run(s): %d green, %d explained, %d failed%n",
                title, patterns, results.size(), count(Verdict.GREEN), count(Verdict.EXPLAINED), count(Verdict.FAILED)));
        // The plans first, one line per pattern, so the table keeps to the terminal's width.
        for (AccessPattern pattern : results.stream().map(PatternResult::pattern).distinct().toList()) {
            String plan = pattern.plan() == null ? "(no plan)" : pattern.plan().describe();
            Story.wrap(pattern.id() + " declares: " + plan, Failures.COLUMNS - 2)
                    .forEach(line -> out.append("  ").append(line).append('\n'));
        }
        TextTable table = TextTable.of("pattern", "rate", "touched (traced)", "rows read", "result rows", "verdict");
        for (PatternResult result : results) {
            Observation seen = result.observed();
            table.row(cell(seen == null ? result.pattern().id() : result.pattern().id() + " " + result.sample()),
                    String.valueOf(result.pattern().rate()), seen == null ? "-" : seen.touched(),
                    seen == null ? "-" : String.format("%,d", seen.rowsRead()),
                    seen == null ? "-" : String.format("%,d", seen.rowsReturned()), result.verdict().toString());
        }
        out.append(table.render());
        for (PatternResult result : results) {
            for (String reason : result.reasons()) {
                List<String> lines = Story.wrap(result.name() + " " + result.verdict() + ": " + reason,
                        Failures.COLUMNS - 6);
                out.append("  ").append(String.join("\n      ", lines)).append('\n');
            }
        }
        out.append(passed() ? "Every pattern is green or explained.\n"
                : count(Verdict.FAILED) + " run(s) FAILED: the design does not serve them as declared.\n");
        return out.toString();
    }

    /** A pattern's name and sample, cut short so the table fits the terminal. */
    static String cell(String text) {
        return text.length() <= PATTERN_COLUMN ? text : text.substring(0, PATTERN_COLUMN - 3) + "...";
    }

    public void print() {
        System.out.print(render());
    }
}
