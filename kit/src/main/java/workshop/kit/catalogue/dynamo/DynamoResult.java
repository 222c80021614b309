package workshop.kit.catalogue.dynamo;

import java.time.Duration;
import java.util.List;
import workshop.kit.catalogue.Verdict;
import workshop.kit.dynamo.DynamoCost;

/**
 * The checker's conclusion about one sample of one pattern, as {@link workshop.kit.catalogue.PatternResult}
 * is for Cassandra.
 *
 * @param sample   the sample's label, or "-" when nothing was run
 * @param reasons  why it failed, or what makes it acceptable; empty when green
 * @param run      what the run cost, or null when nothing was run
 * @param notes    what the numbers cannot say on their own; they change no verdict
 */
public record DynamoResult(DynamoPattern pattern, String sample, Verdict verdict, List<String> reasons, Run run, List<String> notes) {

    /**
     * One sample's calls as measured.
     *
     * @param cost    requests, items read and returned, read and write units by AWS's formula
     * @param pages   Query and Scan requests: a page each
     * @param latency from the call to its answer
     * @param error   what the code threw, or null
     */
    public record Run(DynamoCost cost, int pages, Duration latency, String error) {}

    public DynamoResult {
        reasons = List.copyOf(reasons);
        notes = List.copyOf(notes);
    }

    /** "AP1 (busy warehouse)", or "AP1" when it was not run. */
    public String name() {
        return run == null ? pattern.id() : pattern.id() + " (" + sample + ")";
    }
}
