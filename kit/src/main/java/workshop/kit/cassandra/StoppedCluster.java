package workshop.kit.cassandra;

import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * What is on disk when none of our nodes runs (after a reboot, or every node killed), and what a
 * start does with it: keep the learner's tables by restarting the stopped cluster from its
 * folders, or start fresh when there is nothing to keep.
 *
 * @param recordedSize the size the stopped cluster was started with, if the record survived
 * @param withData     numbers of the node folders that hold a node's own data (its system keyspace)
 * @param home         where the folders are, for the messages
 */
public record StoppedCluster(OptionalInt recordedSize, Set<Integer> withData, String home) {

    /** What a start does. */
    public sealed interface Plan permits Fresh, Resume {
        int nodes();

        /** What the start does, said before the nodes start (the caller ends the line). */
        String announce();
    }

    /** No data to keep: (re)create the folders and start this many nodes. */
    public record Fresh(int nodes) implements Plan {
        @Override
        public String announce() {
            return "Starting a local Cassandra cluster of " + nodes + " node(s)";
        }
    }

    /** Restart the stopped cluster's nodes from their folders, with their data. */
    public record Resume(int nodes) implements Plan {
        @Override
        public String announce() {
            return "Restarting the stopped " + nodes + "-node cluster and its tables";
        }
    }

    /**
     * The plan for a start, given the size asked for explicitly (--nodes or WORKSHOP_NODES), if
     * any. Throws, with the fix, when the folders cannot be restarted as they are or when the
     * asked size differs from the stopped cluster's: deleting tables is the learner's call.
     */
    Plan plan(OptionalInt asked, int defaultNodes) {
        if (withData.isEmpty()) {
            return new Fresh(asked.orElse(defaultNodes));
        }
        int size = recordedSize.orElseGet(() -> withData.stream().mapToInt(Integer::intValue).max().orElseThrow());
        if (asked.isPresent() && asked.getAsInt() != size) {
            throw new ClusterException("A stopped " + size + "-node cluster's data (your tables) is in "
                    + home + "; starting " + asked.getAsInt() + " node(s) would delete it.",
                    "./jbang up --nodes " + size + " restarts it; ./jbang down && ./jbang up --nodes " + asked.getAsInt()
                            + " starts fresh without it");
        }
        List<String> empty = IntStream.rangeClosed(1, size).filter(n -> !withData.contains(n))
                .mapToObj(n -> "node" + n).toList();
        if (!empty.isEmpty()) {
            throw new ClusterException("The stopped " + size + "-node cluster cannot restart: "
                    + empty.stream().collect(Collectors.joining(", ")) + " in " + home
                    + " has no data of its own (a start that never finished?).",
                    "./jbang down && ./jbang up (starts fresh; the stopped cluster's tables are lost)");
        }
        return new Resume(size);
    }
}
