package workshop.kit.catalogue;

/**
 * A question of a design task's brief, as the task's enum lists it. The enum's constant name is the
 * question's id (F1, T1, ...), so the pattern a learner declares and the brief's line share it.
 */
public interface QuestionInBrief {

    /** The question's id: the enum constant's name. */
    String name();

    /** What is asked, how often and how fast. */
    BriefQuestion brief();

    /**
     * Whether the catalogue declares it. A write that must reach every table showing it fits no
     * one plan of the checker, so such a question is graded by a test instead.
     */
    default boolean catalogued() {
        return true;
    }

    /** The question as an access pattern with its rate and target; you add the plan and the code that serves it. */
    default AccessPattern pattern() {
        return brief().pattern(name());
    }
}
