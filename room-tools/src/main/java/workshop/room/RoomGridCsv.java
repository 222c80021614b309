package workshop.room;

import java.util.ArrayList;
import java.util.List;

/**
 * The grid as CSV, to keep after a class or open in a spreadsheet: a row per learner, a column per
 * lesson, each cell "passed", "failing N min", "stuck N min" or empty (never checked). Fields with
 * a comma, a quote or a line break are quoted as RFC 4180 says.
 */
public final class RoomGridCsv {

    private RoomGridCsv() {}

    public static String render(RoomGrid grid) {
        StringBuilder csv = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("learner"));
        grid.columns().forEach(column -> header.add("lesson " + column.label()));
        line(csv, header);
        for (RoomGrid.LearnerRow row : grid.learners()) {
            List<String> fields = new ArrayList<>(List.of(row.learner()));
            row.cells().forEach(cell -> fields.add(switch (cell.state()) {
                case NOT_CHECKED -> "";
                case PASSED -> "passed";
                case FAILING -> "failing " + cell.failingFor().toMinutes() + " min";
                case STUCK -> "stuck " + cell.failingFor().toMinutes() + " min";
            }));
            line(csv, fields);
        }
        return csv.toString();
    }

    private static void line(StringBuilder csv, List<String> fields) {
        csv.append(String.join(",", fields.stream().map(RoomGridCsv::field).toList())).append("\r\n");
    }

    private static String field(String value) {
        return value.matches("(?s).*[,\"\r\n].*") ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }
}
