package workshop.runner;

/** Where a learner stands on one lesson's exercise. */
public enum LessonState {
    NOT_STARTED("not started"),
    FAILING("failing"),
    PASSED("passed");

    private final String label;

    LessonState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
