package workshop.kit.catalogue.dynamo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import workshop.kit.catalogue.CatalogueReport;
import workshop.kit.catalogue.Verdict;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;

/**
 * The DynamoDB checker's findings, in the Cassandra report's format: a count line, each pattern's
 * plan, one row per run (none in a plan review), then the reason for every verdict that is not
 * green, and a closing line.
 */
public record DynamoReport(String title, List<DynamoResult> results, boolean planOnly) {

    public DynamoReport {
        results = List.copyOf(results);
    }

    /** True when every pattern is green, explained or planned. */
    public boolean passed() {
        return results.stream().noneMatch(r -> r.verdict() == Verdict.FAILED);
    }

    public long count(Verdict verdict) {
        return results.stream().filter(r -> r.verdict() == verdict).count();
    }

    public List<DynamoResult> resultsOf(String patternId) {
        return results.stream().filter(r -> r.pattern().id().equals(patternId)).toList();
    }

    /** Every reason given for a pattern's verdicts, in one string. */
    public String reasons(String patternId) {
        return String.join(" ", resultsOf(patternId).stream().flatMap(r -> r.reasons().stream()).toList());
    }

    public String render() {
        long patterns = results.stream().map(r -> r.pattern().id()).distinct().count();
        StringBuilder out = new StringBuilder();
        String counts = planOnly
                ? String.format("Plan review of \"%s\" (DynamoDB), before any table exists: %d pattern(s): %d planned, %d explained,"
                        + " %d failed", title, patterns, count(Verdict.PLANNED), count(Verdict.EXPLAINED), count(Verdict.FAILED))
                : String.format("Catalogue \"%s\" (DynamoDB): %d pattern(s), %d run(s): %d green, %d explained, %d failed", title,
                        patterns, results.size(), count(Verdict.GREEN), count(Verdict.EXPLAINED), count(Verdict.FAILED));
        lines(out, counts, "");
        for (DynamoPattern pattern : results.stream().map(DynamoResult::pattern).distinct().toList()) {
            lines(out, pattern.id() + " declares: " + (pattern.plan() == null ? "(no plan)" : pattern.plan().describe()), "  ");
        }
        if (!planOnly) {
            out.append(table());
        }
        for (DynamoResult result : results) {
            result.reasons().forEach(reason -> indent(out, result.name() + " " + result.verdict() + ": " + reason));
            result.notes().forEach(note -> indent(out, result.name() + " note: " + note));
        }
        if (planOnly) {
            lines(out, passed() ? "No plan breaks a rule. Build the tables and the code that serves each pattern; the measured"
                    + " check then holds every plan to the requests and items the store serves."
                    : count(Verdict.FAILED) + " plan(s) FAILED the review: change them before writing their code.", "");
        } else {
            indent(out, "Units by AWS's formula (a read unit 4 KB strongly consistent, half that eventually; a write unit 1 KB),"
                    + " for the table; read: items the store read, before any filter; pages: Query and Scan requests.");
            out.append(passed() ? "Every pattern is green or explained.\n"
                    : count(Verdict.FAILED) + " run(s) FAILED: the design does not serve them as declared.\n");
        }
        return out.toString();
    }

    /** One row per run, laid out as the Cassandra report lays out its own. */
    private String table() {
        List<String> headers = List.of("pattern", "rate", "requests", "pages", "read", "returned", "RCU", "WCU", "ms", "verdict");
        List<List<String>> rows = new ArrayList<>();
        for (DynamoResult result : results) {
            DynamoResult.Run run = result.run();
            DynamoCost cost = run == null ? null : run.cost();
            rows.add(List.of(run == null ? result.pattern().id() : result.pattern().id() + " " + result.sample(),
                    String.valueOf(result.pattern().rate()), cost == null ? "-" : cost.requestsText(),
                    run == null ? "-" : String.valueOf(run.pages()), cost == null ? "-" : String.format("%,d", cost.itemsRead()),
                    cost == null ? "-" : String.format("%,d", cost.itemsReturned()),
                    cost == null ? "-" : DynamoCost.format(cost.readUnits()), cost == null ? "-" : DynamoCost.format(cost.writeUnits()),
                    run == null ? "-" : String.format(Locale.ROOT, "%,d", run.latency().toMillis()), result.verdict().toString()));
        }
        return CatalogueReport.fitted(headers, rows);
    }

    private static void lines(StringBuilder out, String paragraph, String indent) {
        Story.wrap(paragraph, Failures.COLUMNS - indent.length()).forEach(line -> out.append(indent).append(line).append('\n'));
    }

    private static void indent(StringBuilder out, String paragraph) {
        out.append("  ").append(String.join("\n      ", Story.wrap(paragraph, Failures.COLUMNS - 6))).append('\n');
    }

    public void print() {
        System.out.print(render());
    }
}
