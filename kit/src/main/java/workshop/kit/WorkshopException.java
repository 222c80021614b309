package workshop.kit;

/**
 * A failure the learner can act on: what happened and what fixes it. Every store and tool
 * throws this type (or a subtype naming the store); {@link workshop.kit.terminal.Failures}
 * turns it into the one or two lines a learner sees.
 */
public class WorkshopException extends RuntimeException {

    private final Problem problem;

    public WorkshopException(String what, String fix) {
        this(new Problem(what, fix), null);
    }

    public WorkshopException(String what, String fix, Throwable cause) {
        this(new Problem(what, fix), cause);
    }

    public WorkshopException(Problem problem, Throwable cause) {
        super(problem.what() + System.lineSeparator() + "  Fix: " + problem.fix(), cause);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }

    public String fix() {
        return problem.fix();
    }
}
