package workshop.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The grade as one CSV row per learner, under a header that is the same for every learner graded on
 * the same lessons, so an instructor appends the rows of a class into one spreadsheet: the
 * learner, the total, the most points, each lesson's points, and the parts withheld (not failed).
 */
public final class CsvRow {

    private CsvRow() {}

    public static String header(Scorecard card) {
        List<String> cells = new ArrayList<>(List.of("learner", "score", "max_score"));
        card.lessons().forEach(lesson -> cells.add("lesson " + lesson));
        cells.add("withheld");
        return line(cells);
    }

    public static String row(Scorecard card) {
        List<String> cells = new ArrayList<>(List.of(card.learner(), String.valueOf(card.score()), String.valueOf(card.maxScore())));
        card.lessons().forEach(lesson -> cells.add(String.valueOf(card.parts(lesson).stream().mapToInt(PartResult::points).sum())));
        cells.add(card.parts().stream().filter(p -> p.outcome() == PartResult.Outcome.WITHHELD).map(PartResult::name)
                .collect(Collectors.joining("; ")));
        return line(cells);
    }

    private static String line(List<String> cells) {
        return cells.stream().map(CsvRow::cell).collect(Collectors.joining(",")) + "\n";
    }

    static String cell(String text) {
        boolean quoted = text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r");
        return quoted ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }
}
