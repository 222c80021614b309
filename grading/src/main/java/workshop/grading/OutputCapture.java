package workshop.grading;

import java.io.PrintStream;

/**
 * The tests' own output routed to the grading log while lessons are graded, so the report stays
 * readable; System.out and System.err are set once for every lesson graded at once, and put back at close.
 */
final class OutputCapture implements AutoCloseable {

    private final PrintStream out = System.out;
    private final PrintStream err = System.err;

    private OutputCapture(PrintStream log) {
        System.setOut(log);
        System.setErr(log);
    }

    static OutputCapture into(PrintStream log) {
        return new OutputCapture(log);
    }

    @Override
    public void close() {
        System.setOut(out);
        System.setErr(err);
    }
}
