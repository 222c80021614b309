package workshop.kit.catalogue;

import java.util.List;
import workshop.kit.terminal.Words;

/** The rules for a pattern that writes, judged on the trace like a read: what it wrote, and how. */
final class Writes {

    private Writes() {}

    static void judge(Plan plan, Observation seen, List<String> failures, List<String> explanations) {
        if (seen.distinctPartitions() > 0) {
            failures.add(String.format("""
                    is declared %s, but it also read %s: a read before a write is a pattern of its own, \
                    declared with its rate.""", plan.inWords(), Words.count(seen.distinctPartitions(), "partition")));
        }
        boolean conditional = seen.cost().conditional();
        if (plan.access() == Plan.Access.CONDITIONAL && !conditional) {
            failures.add(String.format("""
                    is declared %s, but the trace shows no Paxos step: its statement has no IF, so two \
                    writers racing both succeed and the last one wins.""", plan.inWords()));
        } else if (plan.access() != Plan.Access.CONDITIONAL && conditional) {
            failures.add(String.format("""
                    is declared %s, but the trace shows a lightweight transaction (%s): declare it \
                    Plan.conditional(table).""", plan.inWords(), Words.count(seen.cost().paxosSteps(), "Paxos step")));
        }
        boolean counter = seen.cost().counterUpdates() > 0;
        if (plan.access() == Plan.Access.COUNTER && !counter) {
            failures.add(String.format("is declared %s, but the trace shows no counter update.", plan.inWords()));
        } else if (plan.access() != Plan.Access.COUNTER && counter) {
            failures.add(String.format("""
                    is declared %s, but it updates a counter: declare it Plan.counter(table). A counter \
                    reads before it writes, and an increment retried after a timeout may count twice.""",
                    plan.inWords()));
        }
        int written = seen.partitionsWritten();
        if (written == 0 && !conditional) {
            failures.add(String.format("is declared %s, but wrote nothing.", plan.inWords()));
        } else if (written > plan.mostPartitions()) {
            failures.add(String.format("is declared %s, but wrote %s.", plan.inWords(), Words.count(written, "partition")));
        }
        if (plan.access() == Plan.Access.LOGGED_BATCH && seen.keysWritten() > 1 && seen.cost().batchlogWrites() == 0) {
            failures.add(String.format("""
                    is declared %s, but wrote %s under %d partition keys without a batch log: if one write \
                    fails the others stay. Send them as one BatchStatement of type LOGGED.""", plan.inWords(),
                    Words.count(written, "partition"), seen.keysWritten()));
        }
        if (failures.isEmpty() && conditional) {
            explanations.add(String.format("""
                    a lightweight transaction: the trace shows %s (a replica promising a ballot, the read of \
                    the condition, accepting the proposal, committing it), each a round trip to the replicas, \
                    where a plain write makes one. The condition is worth them only where writers race.""",
                    Words.count(seen.cost().paxosSteps(), "Paxos step")));
        }
    }
}
