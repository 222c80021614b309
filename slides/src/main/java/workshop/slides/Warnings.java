package workshop.slides;

import java.util.ArrayList;
import java.util.List;
import org.asciidoctor.log.LogHandler;
import org.asciidoctor.log.LogRecord;
import org.asciidoctor.log.Severity;

/**
 * What Asciidoctor logged at WARN or above while converting one document. Asciidoctor only logs a
 * missing include file or tag (and prints its text into the output), so each one is kept as a problem.
 */
final class Warnings implements LogHandler {

    private final List<String> logged = new ArrayList<>();

    /** Forgets the last document's warnings; call before converting the next one. */
    void clear() {
        logged.clear();
    }

    List<String> list() {
        return List.copyOf(logged);
    }

    @Override
    public void log(LogRecord record) {
        if (record.getSeverity().ordinal() >= Severity.WARN.ordinal()) {
            String where = record.getCursor() == null ? ""
                    : " (" + record.getCursor().getFile() + ":" + record.getCursor().getLineNumber() + ")";
            logged.add(record.getSeverity() + ": " + record.getMessage() + where);
        }
    }
}
