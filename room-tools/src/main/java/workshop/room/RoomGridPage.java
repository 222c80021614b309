package workshop.room;

import java.time.Duration;
import java.util.List;

/**
 * The room grid as a small HTML page that reloads itself, for a projector or the instructor's
 * browser; the same cells, stuck list and common failures as {@link RoomGridText}, and a link to
 * each learner's latest drawing of their design.
 */
public final class RoomGridPage {

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}
            th,td{padding:.25em .6em;border:1px solid #ccc;text-align:center;font-family:monospace}
            th.learner{text-align:left}.PASSED{background:#c8f0c8}.FAILING{background:#fde9b8}
            .STUCK{background:#f7b4b4;font-weight:bold}.NOT_CHECKED{color:#999}li{font-family:monospace}""";

    private RoomGridPage() {}

    public static String render(RoomGrid grid, List<RoomDrawing> drawings, Duration refresh) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"refresh\" content=\"").append(refresh.toSeconds()).append("\">")
                .append("<title>Room ").append(escape(grid.room())).append("</title><style>").append(STYLE).append("</style></head>\n<body>")
                .append("<h1>Room ").append(escape(grid.room())).append("</h1>\n<p id=\"summary\">")
                .append(escape(RoomGridText.summary(grid))).append("</p>\n");
        if (grid.learners().isEmpty()) {
            return html.append("<p>No checks recorded yet.</p></body></html>\n").toString();
        }
        html.append("<table id=\"grid\"><thead><tr><th class=\"learner\">learner</th>");
        grid.columns().forEach(c -> html.append("<th>").append(escape(c.label())).append("</th>"));
        html.append("</tr></thead><tbody>\n");
        for (RoomGrid.LearnerRow row : grid.learners()) {
            html.append("<tr><th class=\"learner\">").append(escape(row.learner())).append("</th>");
            for (RoomGrid.Cell cell : row.cells()) {
                html.append("<td class=\"").append(cell.state()).append("\" title=\"")
                        .append(escape(RoomGridText.failure(cell.failedTest(), cell.firstFailure()))).append("\">")
                        .append(escape(cell.label())).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table>\n<p>").append(escape(RoomGridText.legend(grid))).append("</p>\n");
        list(html, "stuck", "Stuck", grid.stuck().stream().map(s -> s.learner() + " on " + s.lesson() + " for "
                + RoomGrid.minutes(s.failingFor()) + ": " + RoomGridText.failure(s.failedTest(), s.firstFailure())).toList());
        list(html, "failures", "Most common first failure per lesson", grid.commonFailures().stream().map(f -> f.lesson() + ": "
                + f.learners() + " of " + f.failing() + " failing: " + RoomGridText.failure(f.failedTest(), f.example())).toList());
        drawings(html, grid, drawings);
        return html.append("</body></html>\n").toString();
    }

    /** "alice_3f2: lesson 07d, 3m ago", each learner's name a link to the drawing. */
    private static void drawings(StringBuilder html, RoomGrid grid, List<RoomDrawing> drawings) {
        if (drawings.isEmpty()) {
            return;
        }
        html.append("<h2>Latest diagrams</h2><ul id=\"diagrams\">");
        for (RoomDrawing drawing : drawings) {
            String lesson = grid.columns().stream().filter(c -> c.lesson().equals(drawing.lesson())).map(RoomGrid.Column::label)
                    .findFirst().orElse(drawing.lesson());
            Duration ago = Duration.between(drawing.at(), grid.at());
            html.append("<li><a href=\"").append(escape(drawing.path())).append("\">").append(escape(drawing.learner()))
                    .append("</a>: lesson ").append(escape(lesson)).append(", ")
                    .append(RoomGrid.minutes(ago.isNegative() ? Duration.ZERO : ago)).append(" ago</li>");
        }
        html.append("</ul>\n");
    }

    private static void list(StringBuilder html, String id, String title, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        html.append("<h2>").append(title).append("</h2><ul id=\"").append(id).append("\">");
        items.forEach(item -> html.append("<li>").append(escape(item)).append("</li>"));
        html.append("</ul>\n");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
