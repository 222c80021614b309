package workshop.runner.report;

import java.util.List;

/**
 * A printable page a learner keeps, written by {@code ./jbang grade} beside the other reports from
 * the grades the checks recorded (.workshop/results): every graded lesson and design task with the
 * day its check passed. It is a certificate of completion once every one has passed, and says how
 * far the learner got until then; nothing on it is typed in by hand.
 */
public final class Certificate {

    /**
     * One graded lesson: passedOn is the day (yyyy-MM-dd, UTC) its last recorded check passed, or
     * null; measured, what that check's runs read, one line a call ("rows read: 200, bound 200").
     */
    public record Entry(String lesson, String title, String passedOn, List<String> measured) {

        public Entry(String lesson, String title, String passedOn) {
            this(lesson, title, passedOn, List.of());
        }

        boolean passed() {
            return passedOn != null;
        }
    }

    private Certificate() {}

    public static boolean complete(List<Entry> entries) {
        return !entries.isEmpty() && entries.stream().allMatch(Entry::passed);
    }

    /** The page, HTML with its own style, so it prints and opens offline. */
    public static String html(String learner, List<Entry> entries, String writtenOn) {
        long passed = entries.stream().filter(Entry::passed).count();
        String heading = complete(entries) ? "Certificate of completion" : "Record of progress";
        String summary = complete(entries)
                ? "has passed every lesson and design task of the workshop, each checked on a real store:"
                : "has passed " + passed + " of the workshop's " + entries.size() + " graded lessons and design tasks,"
                        + " each checked on a real store:";
        StringBuilder rows = new StringBuilder();
        for (Entry entry : entries) {
            rows.append("<tr><td>").append(escape(entry.lesson())).append("</td><td>").append(escape(entry.title()))
                    .append("</td><td>").append(entry.passed() ? "passed " + escape(entry.passedOn()) : "not yet passed")
                    .append("</td></tr>\n");
            if (entry.passed() && !entry.measured().isEmpty()) {
                rows.append("<tr class=\"measured\"><td></td><td colspan=\"2\">")
                        .append(String.join("<br>\n", entry.measured().stream().map(Certificate::escape).toList()))
                        .append("</td></tr>\n");
            }
        }
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>%1$s: %2$s</title>
                <style>
                  @page { size: A4; margin: 18mm; }
                  body { font-family: Georgia, serif; color: #222; max-width: 46em; margin: 2em auto; }
                  h1 { font-size: 2.2em; text-align: center; margin-bottom: 0.2em; }
                  .workshop { text-align: center; font-style: italic; margin-top: 0; }
                  .learner { font-size: 1.8em; text-align: center; margin: 1em 0 0.3em; }
                  table { border-collapse: collapse; width: 100%%; font-size: 0.95em; }
                  td { border-bottom: 1px solid #ccc; padding: 0.25em 0.5em; }
                  td:first-child { white-space: nowrap; }
                  tr.measured td { font-size: 0.85em; color: #444; padding-top: 0; }
                  footer { margin-top: 2em; font-size: 0.8em; color: #666; }
                </style>
                </head>
                <body>
                <h1>%1$s</h1>
                <p class="workshop">Access patterns first: data modeling for partitioned stores</p>
                <p class="learner">%2$s</p>
                <p>%3$s</p>
                <table>
                %4$s</table>
                <footer>Written by ./jbang grade on %5$s from the grades in .workshop/results.</footer>
                </body>
                </html>
                """.formatted(heading, escape(learner), summary, rows, escape(writtenOn));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
