package workshop.room;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import workshop.kit.terminal.Failures;

/** The room grid as terminal lines, none longer than {@link Failures#COLUMNS}. */
public final class RoomGridText {

    static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);
    /** The widest namespace (20 characters) and a space. */
    private static final int LEARNER_WIDTH = 21;
    /**
     * A cell of at most 3 characters and a space, so every lesson's column fits beside the widest
     * name: the grid's minutes go without their "m" (the legend says so); hours keep their "h".
     */
    private static final int CELL_WIDTH = 4;

    private RoomGridText() {}

    public static List<String> render(RoomGrid grid) {
        List<String> lines = new ArrayList<>();
        lines.add(summary(grid));
        if (grid.learners().isEmpty()) {
            lines.add("No checks recorded yet. Learners: export WORKSHOP_ROOM=" + grid.room() + " (and the cluster's settings),");
            lines.add("then ./jbang check NN records each result here.");
            return lines;
        }
        StringBuilder header = new StringBuilder(pad("learner", LEARNER_WIDTH));
        grid.columns().forEach(c -> header.append(pad(c.label(), CELL_WIDTH)));
        lines.add(fit(header.toString().stripTrailing()));
        for (RoomGrid.LearnerRow row : grid.learners()) {
            StringBuilder line = new StringBuilder(pad(row.learner(), LEARNER_WIDTH));
            row.cells().forEach(cell -> line.append(pad(cell(cell), CELL_WIDTH)));
            lines.add(fit(line.toString().stripTrailing()));
        }
        lines.add(fit(legend(grid)));
        if (!grid.stuck().isEmpty()) {
            lines.add("");
            lines.add(fit("Stuck (failing the same lesson for " + grid.stuckAfter().toMinutes() + " min or more):"));
            grid.stuck().forEach(s -> lines.add(fit("  " + pad(s.learner(), LEARNER_WIDTH) + pad(s.lesson(), 4)
                    + pad(RoomGrid.minutes(s.failingFor()), 6) + failure(s.failedTest(), s.firstFailure()))));
        }
        if (!grid.commonFailures().isEmpty()) {
            lines.add("");
            lines.add("Most common first failure per lesson:");
            grid.commonFailures().forEach(f -> lines.add(fit("  " + pad(f.lesson(), 4) + pad(f.learners() + " of " + f.failing(), 9)
                    + failure(f.failedTest(), f.example()))));
        }
        return lines;
    }

    static String summary(RoomGrid grid) {
        return fit("Room " + grid.room() + " at " + CLOCK.format(grid.at()) + ": " + grid.learners().size() + " learner"
                + (grid.learners().size() == 1 ? "" : "s") + ", " + grid.checks() + " check" + (grid.checks() == 1 ? "" : "s"));
    }

    /** "x3" for a lesson failing 3 minutes, "!2h" stuck 2 hours: the cell's label without the minutes' "m". */
    static String cell(RoomGrid.Cell cell) {
        String label = cell.label();
        return label.endsWith("m") ? label.substring(0, label.length() - 1) : label;
    }

    static String legend(RoomGrid grid) {
        return "ok passed, x failing for so many minutes (h: hours), ! stuck (failing " + grid.stuckAfter().toMinutes()
                + "+ min), . not checked";
    }

    /** "Test.method: the message's first line", or whichever of the two there is. */
    static String failure(String test, String message) {
        return test.isEmpty() ? message : message.isEmpty() ? test : test + ": " + message;
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text + " " : text + " ".repeat(width - text.length());
    }

    /** Cuts a line at the terminal's width, saying so with "...". */
    public static String fit(String line) {
        return line.length() <= Failures.COLUMNS ? line : line.substring(0, Failures.COLUMNS - 3) + "...";
    }
}
