package workshop.kit.cassandra;

/** Something a learner can hit while starting or reaching the cluster, with the command that fixes it. */
public class ClusterException extends RuntimeException {

    private final String fix;

    public ClusterException(String problem, String fix) {
        super(problem + System.lineSeparator() + "  Fix: " + fix);
        this.fix = fix;
    }

    public String fix() {
        return fix;
    }
}
