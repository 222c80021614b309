package workshop.kit.dynamo;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What DynamoDB calls cost: the requests made, by operation ("Query", "Scan", "PutItem",
 * "TransactWriteItems"...), items the store read (for a Query or Scan its ScannedCount, before
 * any filter) and returned, items written, read and write units computed by AWS's formula, and
 * requests the store refused. Against real AWS, awsUnits is AWS's own ConsumedCapacity total.
 * Targets are the tables and indexes the requests named, in the order they were first named.
 */
public record DynamoCost(Map<String, Integer> requestsByOperation, long itemsRead, long itemsReturned, double readUnits,
                         long itemsWritten, double writeUnits, int rejected, Double awsUnits, Set<Target> targets) {

    public static final DynamoCost NONE = new DynamoCost(Map.of(), 0, 0, 0, 0, 0, 0, null);

    public DynamoCost {
        targets = Collections.unmodifiableSet(new LinkedHashSet<>(targets));
    }

    /** A cost whose targets are not known yet: the recorder adds them from the request. */
    public DynamoCost(Map<String, Integer> requestsByOperation, long itemsRead, long itemsReturned, double readUnits,
                      long itemsWritten, double writeUnits, int rejected, Double awsUnits) {
        this(requestsByOperation, itemsRead, itemsReturned, readUnits, itemsWritten, writeUnits, rejected, awsUnits, Set.of());
    }

    public static DynamoCost sum(List<DynamoCost> costs) {
        return costs.stream().reduce(NONE, DynamoCost::plus);
    }

    public DynamoCost plus(DynamoCost other) {
        Map<String, Integer> operations = new TreeMap<>(requestsByOperation);
        other.requestsByOperation.forEach((operation, count) -> operations.merge(operation, count, Integer::sum));
        Double aws = awsUnits;
        if (other.awsUnits != null) {
            aws = awsUnits == null ? other.awsUnits : Double.valueOf(awsUnits + other.awsUnits);
        }
        Set<Target> reached = new LinkedHashSet<>(targets);
        reached.addAll(other.targets);
        return new DynamoCost(Map.copyOf(operations), itemsRead + other.itemsRead, itemsReturned + other.itemsReturned,
                readUnits + other.readUnits, itemsWritten + other.itemsWritten, writeUnits + other.writeUnits,
                rejected + other.rejected, aws, reached);
    }

    public int requests() {
        return requestsByOperation.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Requests of one operation: requests("Query"). */
    public int requests(String operation) {
        return requestsByOperation.getOrDefault(operation, 0);
    }

    public int queries() {
        return requests("Query");
    }

    public int scans() {
        return requests("Scan");
    }

    /** Read units by the formula, and AWS's own figure beside it when there is one. */
    public String readUnitsText() {
        return withAws(readUnits);
    }

    public String writeUnitsText() {
        return withAws(writeUnits);
    }

    /** The requests as "2 Query, 1 TransactWriteItems". */
    public String requestsText() {
        return requestsByOperation.isEmpty() ? "no request" : String.join(", ", new TreeMap<>(requestsByOperation).entrySet()
                .stream().map(e -> e.getValue() + " " + e.getKey()).toList());
    }

    private String withAws(double units) {
        return awsUnits == null ? format(units) : format(units) + " (AWS: " + format(awsUnits) + ")";
    }

    /** Units are multiples of a half: "0.5", "12", "1,250.5". */
    public static String format(double units) {
        return units == Math.rint(units) ? String.format("%,.0f", units) : String.format("%,.1f", units);
    }
}
