package workshop.kit.cost;

import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.PrepareRequest;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.session.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Notes how a session's statements are made, which a trace cannot say: values written into the
 * CQL text where bound values belong, and statements prepared again by a call when the session
 * already had them prepared. A literal alone proves nothing (a constant LIMIT 1 is fine); the
 * same statement seen twice with different literals is a value spliced in.
 */
public final class StatementRecorder {

    /** What a statement's making got wrong, with the CQL that shows it. */
    public enum Kind { SPLICED_VALUES, PREPARED_AGAIN }

    /**
     * One finding.
     *
     * @param kind   what was wrong
     * @param cql    the statement as the code sent it
     * @param before for spliced values, the same statement as sent earlier with other values
     */
    public record Finding(Kind kind, String cql, String before) {}

    /** Reads and writes only: schema statements run once, their options written as literals. */
    private static final Pattern DATA = Pattern.compile(
            "^\\s*(SELECT|INSERT|UPDATE|DELETE|BEGIN)\\b", Pattern.CASE_INSENSITIVE);
    /**
     * CQL's literals (strings, uuids, blobs, numbers, booleans), and quoted names, which are
     * matched only so that what they hold is not taken for a literal.
     */
    private static final Pattern LITERAL = Pattern.compile(String.join("|",
            "(\"(?:[^\"]|\"\")*\")",
            "'(?:[^']|'')*'",
            "\\$\\$.*?\\$\\$",
            "\\b\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}\\b",
            "\\b0[xX]\\p{XDigit}*\\b",
            "(?<![\\w.])-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?\\b",
            "(?i)\\b(?:true|false)\\b"), Pattern.DOTALL);

    /** Each statement's text with its literals taken out, and the first text seen of that shape. */
    private final Map<String, String> firstOfShape = new ConcurrentHashMap<>();
    private final Set<String> prepared = ConcurrentHashMap.newKeySet();
    /** Shapes and texts already reported, so one mistake is reported once, not on every call. */
    private final Set<String> reported = ConcurrentHashMap.newKeySet();
    private final List<Finding> findings = new ArrayList<>();

    /** Notes a request the session ran; measuring: while a call of the code is measured. */
    void ran(Request request, boolean measuring) {
        if (request instanceof PrepareRequest prepare) {
            String cql = oneLine(prepare.getQuery());
            if (!prepared.add(cql) && measuring && reported.add(cql)) {
                found(new Finding(Kind.PREPARED_AGAIN, cql, null));
            }
            sent(cql); // a value spliced into the text, then prepared, is spliced all the same
        } else if (request instanceof SimpleStatement simple) {
            sent(oneLine(simple.getQuery()));
        } else if (request instanceof BatchStatement batch) {
            for (BatchableStatement<?> statement : batch) {
                ran(statement, measuring);
            }
        }
    }

    private void sent(String cql) {
        if (!DATA.matcher(cql).find()) {
            return;
        }
        String shape = shapeOf(cql);
        String first = firstOfShape.putIfAbsent(shape, cql);
        if (first != null && !first.equals(cql) && reported.add(shape)) {
            found(new Finding(Kind.SPLICED_VALUES, cql, first));
        }
    }

    private synchronized void found(Finding finding) {
        findings.add(finding);
    }

    /** What was found since the last time this was asked; each finding is handed out once. */
    public synchronized List<Finding> takeFindings() {
        List<Finding> taken = List.copyOf(findings);
        findings.clear();
        return taken;
    }

    /** The text with each literal replaced by a marker; quoted names are kept. */
    static String shapeOf(String cql) {
        Matcher literal = LITERAL.matcher(cql);
        StringBuilder shape = new StringBuilder();
        while (literal.find()) {
            literal.appendReplacement(shape, literal.group(1) != null ? "$1" : "?");
        }
        return literal.appendTail(shape).toString();
    }

    private static String oneLine(String cql) {
        return cql.strip().replaceAll("\\s+", " ");
    }
}
