package workshop.grading;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies a unified diff (as `diff -u` writes it) to the text it was made from. Every context and
 * removed line must match exactly: a diff made from an older reference solution fails loudly
 * instead of producing a wrong answer nobody wrote.
 */
final class UnifiedDiff {

    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@.*");

    private UnifiedDiff() {}

    static String apply(String original, String diff) {
        List<String> source = original.lines().toList();
        List<String> result = new ArrayList<>();
        int next = 0; // index in source of the first line not yet copied
        List<String> lines = diff.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher hunk = HUNK.matcher(lines.get(i));
            if (!hunk.matches()) {
                continue; // the ---/+++ header, or a "\ No newline" marker
            }
            int start = Integer.parseInt(hunk.group(1)) - (hunk.group(2) != null && hunk.group(2).equals("0") ? 0 : 1);
            if (start < next) {
                throw new IllegalArgumentException("hunks overlap or are out of order at line " + (start + 1));
            }
            result.addAll(source.subList(next, Math.min(start, source.size())));
            next = start;
            for (i++; i < lines.size() && !HUNK.matcher(lines.get(i)).matches(); i++) {
                String line = lines.get(i);
                if (line.startsWith("+")) {
                    result.add(line.substring(1));
                } else if (line.startsWith("-") || line.startsWith(" ") || line.isEmpty()) {
                    String expected = line.isEmpty() ? "" : line.substring(1);
                    if (next >= source.size() || !source.get(next).equals(expected)) {
                        throw new IllegalArgumentException("line " + (next + 1) + " is not \"" + expected
                                + "\": the reference solution changed since this diff was made");
                    }
                    if (!line.startsWith("-")) {
                        result.add(expected);
                    }
                    next++;
                }
            }
            i--; // the outer loop reads the next hunk header
        }
        result.addAll(source.subList(next, source.size()));
        return String.join("\n", result) + "\n";
    }
}
