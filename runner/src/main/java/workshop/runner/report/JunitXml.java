package workshop.runner.report;

import java.util.List;
import java.util.Locale;

/**
 * A lesson's grade as a JUnit XML report, the format any CI server and most LMS plug-ins read:
 * one test case per graded part, a failure with its message, and a withheld part as skipped.
 */
public final class JunitXml {

    private JunitXml() {}

    public static String of(String lesson, List<PartResult> parts) {
        long failures = parts.stream().filter(p -> p.outcome() == PartResult.Outcome.FAILED).count();
        long skipped = parts.stream().filter(p -> p.outcome() == PartResult.Outcome.WITHHELD).count();
        double seconds = parts.isEmpty() ? 0 : parts.get(0).seconds();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append(String.format(Locale.ROOT, "<testsuite name=\"lesson %s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%.3f\">%n",
                lesson, parts.size(), failures, skipped, seconds));
        for (PartResult part : parts) {
            xml.append(String.format("  <testcase classname=\"workshop.lesson%s\" name=\"%s\">", lesson, escape(part.fullName())));
            switch (part.outcome()) {
                case PASSED -> { }
                case FAILED -> xml.append("\n    <failure message=\"").append(escape(part.output().lines().findFirst().orElse("")))
                        .append("\">").append(escape(part.output())).append("</failure>\n  ");
                case WITHHELD -> xml.append("\n    <skipped message=\"").append(escape(part.output().lines().findFirst().orElse("")))
                        .append("\"/>\n  ");
            }
            xml.append("</testcase>\n");
        }
        return xml.append("</testsuite>\n").toString();
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                default -> {
                    // XML 1.0 allows no control characters but tab and line breaks.
                    if (c >= 0x20 || c == '\n' || c == '\t' || c == '\r') {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
