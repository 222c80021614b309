package workshop.kit.terminal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A plain-text table for the terminal: numbers right-aligned, everything else left-aligned; a "-"
 * in a column of numbers (a number not measured) is right-aligned with them.
 */
public final class TextTable {

    /** A number, maybe with a unit: "120,000", "0.5", "4x", "50 ms", "1,000/s". */
    private static final Pattern NUMBER = Pattern.compile("[-+]?[\\d,.]+( ?[a-zA-Z%]+|/[a-z]+)?");

    /** The cell that stands for a number not measured. */
    private static final String MISSING = "-";

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    private TextTable(List<String> headers) {
        this.headers = headers;
    }

    public static TextTable of(String... headers) {
        return new TextTable(Arrays.asList(headers));
    }

    public TextTable row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells, got " + cells.length);
        }
        rows.add(Arrays.stream(cells).map(TextTable::format).toList());
        return this;
    }

    public void print() {
        System.out.print(render());
    }

    public String render() {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        boolean[] numeric = new boolean[widths.length];
        for (int c = 0; c < widths.length; c++) {
            int column = c;
            numeric[c] = rows.stream().map(row -> row.get(column)).anyMatch(cell -> NUMBER.matcher(cell).matches());
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, widths, null);
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            rule.append("  ").append("-".repeat(widths[c]));
        }
        out.append(rule.toString().stripTrailing()).append('\n');
        rows.forEach(row -> line(out, row, widths, numeric));
        return out.toString();
    }

    /** numeric: per column, whether it holds numbers, so a "-" standing for a missing number lines up with them; null for headers. */
    private static void line(StringBuilder out, List<String> cells, int[] widths, boolean[] numeric) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            String cell = cells.get(c);
            boolean right = numeric != null && (NUMBER.matcher(cell).matches() || numeric[c] && cell.equals(MISSING));
            String padded = right ? " ".repeat(widths[c] - cell.length()) + cell
                    : cell + " ".repeat(widths[c] - cell.length());
            line.append("  ").append(padded);
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    private static String format(Object cell) {
        if (cell instanceof Integer || cell instanceof Long) {
            return String.format("%,d", ((Number) cell).longValue());
        }
        if (cell instanceof Double || cell instanceof Float) {
            return String.format("%,.1f", ((Number) cell).doubleValue());
        }
        return String.valueOf(cell);
    }
}
