package workshop.kit.catalogue;

/** What the checker concluded about one run of a pattern. */
public enum Verdict {
    /** Served the way it was declared, within the rules. */
    GREEN("green"),
    /** Breaks a rule of thumb for a reason the plan states and the measurement confirms: a bounded walk, a batch job, a search index. */
    EXPLAINED("explained"),
    /** The design cannot serve it as declared. */
    FAILED("FAILED"),
    /** Its plan keeps the rules; nothing has run yet (a plan review, before the tables exist). */
    PLANNED("planned");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
