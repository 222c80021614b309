package workshop.kit.cost;

import java.util.Set;

/**
 * What a read's coordinator asked of the replicas, from its trace lines: one replica sends the
 * data, the others asked only a digest (a hash of their answer, to compare); a digest that differs
 * makes the coordinator read the data from them too and write the newest version back to those
 * that lacked it (read repair). Its own read, when it is a replica, has no line of its own: it is
 * the data read unless the data came from another replica.
 */
final class ReplicaReads {

    private int dataFromOthers;
    private int digestsFromOthers;
    private int repairs;

    /** Takes one trace event's activity. */
    void accept(String activity) {
        if (activity.startsWith("reading data from ")) {
            dataFromOthers++;
        } else if (activity.startsWith("reading digest from ")) {
            digestsFromOthers++;
        } else if (activity.startsWith("Sending read-repair-mutation to ")) {
            repairs++;
        }
    }

    /** Digest reads, given the coordinator and the replicas that read (the coordinator's own read included). */
    int digestReads(Set<String> coordinator, Set<String> replicasRead) {
        boolean coordinatorRead = coordinator.stream().anyMatch(replicasRead::contains);
        return digestsFromOthers + (coordinatorRead && dataFromOthers > 0 ? 1 : 0);
    }

    /** Replicas the coordinator wrote the newest version back to. */
    int readRepairs() {
        return repairs;
    }
}
