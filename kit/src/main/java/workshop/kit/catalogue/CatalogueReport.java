package workshop.kit.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

/** The checker's findings: one row per run, then the reason for every verdict that is not green. */
public record CatalogueReport(String title, List<PatternResult> results) {

    static final List<String> HEADERS = List.of("pattern", "rate", "touched (traced)", "rows read", "result rows", "verdict");
    /** The pattern column never gets narrower than this, however wide the other cells are. */
    static final int NARROWEST_PATTERN = 12;

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
        StringBuilder out = new StringBuilder();
        Story.wrap(String.format("Catalogue \"%s\": %d pattern(s), %d run(s): %d green, %d explained, %d failed", title,
                patterns, results.size(), count(Verdict.GREEN), count(Verdict.EXPLAINED), count(Verdict.FAILED)), Failures.COLUMNS)
                .forEach(line -> out.append(line).append('\n'));
        // The plans first, one line per pattern, so the table keeps to the terminal's width.
        for (AccessPattern pattern : results.stream().map(PatternResult::pattern).distinct().toList()) {
            String plan = pattern.plan() == null ? "(no plan)" : pattern.plan().describe();
            Story.wrap(pattern.id() + " declares: " + plan, Failures.COLUMNS - 2)
                    .forEach(line -> out.append("  ").append(line).append('\n'));
        }
        out.append(table());
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

    /** One row per run; the pattern cells are cut short so that every line fits Failures.COLUMNS. */
    String table() {
        List<List<String>> rows = new ArrayList<>();
        for (PatternResult result : results) {
            Observation seen = result.observed();
            rows.add(List.of(seen == null ? result.pattern().id() : result.pattern().id() + " " + result.sample(),
                    String.valueOf(result.pattern().rate()), seen == null ? "-" : seen.touched(),
                    seen == null ? "-" : String.format("%,d", seen.rowsRead()),
                    seen == null ? "-" : String.format("%,d", seen.rowsReturned()), result.verdict().toString()));
        }
        int others = 2 * HEADERS.size();
        for (int column = 1; column < HEADERS.size(); column++) {
            int c = column;
            others += Math.max(HEADERS.get(c).length(), rows.stream().mapToInt(r -> r.get(c).length()).max().orElse(0));
        }
        int patternWidth = Math.max(NARROWEST_PATTERN, Failures.COLUMNS - others);
        TextTable table = TextTable.of(HEADERS.toArray(String[]::new));
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
