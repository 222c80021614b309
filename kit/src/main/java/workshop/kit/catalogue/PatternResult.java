package workshop.kit.catalogue;

import java.util.List;

/**
 * The checker's conclusion about one sample of one pattern.
 *
 * @param pattern  the pattern as declared
 * @param sample   the sample's label, or "-" when nothing was run
 * @param verdict  green, explained or failed
 * @param reasons  why it failed, or the explanation that makes it acceptable; empty when green
 * @param observed what the run touched, or null when nothing was run
 * @param notes    what the numbers cannot say on their own (a filtered scan, a slow run); they change no verdict
 * @param answer   whether the sample returned the brief's answer, when it carries one
 */
public record PatternResult(AccessPattern pattern, String sample, Verdict verdict, List<String> reasons, Observation observed,
                            List<String> notes, AnswerCheck answer) {

    /** What the checker knows about a run's answer. */
    public enum AnswerCheck {
        /** The sample carries no answer (or did not run): its cost alone is judged. */
        UNCHECKED("-"),
        RIGHT("right"),
        WRONG("WRONG");

        private final String label;

        AnswerCheck(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public PatternResult {
        reasons = List.copyOf(reasons);
        notes = List.copyOf(notes);
    }

    public PatternResult(AccessPattern pattern, String sample, Verdict verdict, List<String> reasons, Observation observed,
                         List<String> notes) {
        this(pattern, sample, verdict, reasons, observed, notes, AnswerCheck.UNCHECKED);
    }

    public PatternResult(AccessPattern pattern, String sample, Verdict verdict, List<String> reasons, Observation observed) {
        this(pattern, sample, verdict, reasons, observed, List.of());
    }

    /** "Q1 (quiet chat)", or "Q4" when it was not run. */
    public String name() {
        return observed == null ? pattern.id() : pattern.id() + " (" + sample + ")";
    }
}
