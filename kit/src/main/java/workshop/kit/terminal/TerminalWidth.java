package workshop.kit.terminal;

/**
 * How wide a learner's lines may be: the terminal's own width when it is narrower than
 * {@link #WIDEST}, else {@link #WIDEST}. Prose wider than 100 columns reads worse, so a wide window
 * does not widen it. The {@code ./jbang} wrapper asks the terminal (stty, once, from the shell: a
 * JVM that forks stty or opens a JLine terminal takes hundreds of milliseconds on a busy laptop)
 * and passes the answer as WORKSHOP_COLUMNS, only when its output is a terminal; a log, CI or a
 * pipe gets {@link #WIDEST}.
 */
public final class TerminalWidth {

    public static final int WIDEST = 100;
    /** Below this a wrapped table or report stops making sense; a narrower window wraps it again. */
    static final int NARROWEST = 60;

    private TerminalWidth() {}

    public static int columns() {
        String reported = System.getenv("WORKSHOP_COLUMNS");
        try {
            return reported == null ? WIDEST : within(Integer.parseInt(reported.trim()));
        } catch (NumberFormatException notANumber) {
            return WIDEST;
        }
    }

    /** A reported width kept between NARROWEST and WIDEST; 0 (unknown, as a dumb terminal says) is WIDEST. */
    static int within(int reported) {
        return reported <= 0 ? WIDEST : Math.max(NARROWEST, Math.min(WIDEST, reported));
    }
}
