package workshop.grading;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import workshop.kit.terminal.TextTable;

/**
 * Where the grading step's seconds went, check by check (see {@link CheckTimes}), written beside the
 * checks' folders; its last row is each column's share of the checks' runs added up. Shares rather
 * than seconds, as the machine is shared: a ratio taken within one run holds across loads better.
 */
final class Profile {

    private Profile() {}

    /** Writes the table to file and returns its last row, the shares, as one line. */
    static String write(List<CheckTimes> checks, Path file) {
        List<String> headers = new ArrayList<>(List.of("check"));
        headers.addAll(CheckTimes.COLUMNS);
        TextTable table = TextTable.of(headers.toArray(String[]::new));
        long[] total = new long[CheckTimes.COLUMNS.size()];
        for (CheckTimes check : checks) {
            List<Long> values = check.values();
            IntStream.range(0, total.length).forEach(i -> total[i] += values.get(i));
            List<Object> row = new ArrayList<>(List.of(check.check()));
            values.forEach(ms -> row.add(String.format("%.1f", ms / 1000.0)));
            table.row(row.toArray());
        }
        long runs = Math.max(1, total[CheckTimes.COLUMNS.indexOf("run")]);
        List<Object> sums = new ArrayList<>(List.of("all " + checks.size() + ", s"));
        List<Object> shares = new ArrayList<>(List.of("share of the runs"));
        List<String> line = new ArrayList<>();
        for (int i = 0; i < total.length; i++) {
            sums.add(String.format("%.0f", total[i] / 1000.0));
            String share = String.format("%.2f", (double) total[i] / runs);
            shares.add(share);
            line.add(CheckTimes.COLUMNS.get(i) + " " + share);
        }
        table.row(sums.toArray());
        table.row(shares.toArray());
        try {
            Files.writeString(file, "Seconds per check (the columns: grading/src/main/java/workshop/grading/CheckTimes.java)\n\n"
                    + table.render());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return String.join(", ", line);
    }
}
