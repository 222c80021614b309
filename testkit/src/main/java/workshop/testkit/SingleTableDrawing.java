package workshop.testkit;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import workshop.kit.catalogue.BriefQuestion;
import workshop.kit.diagram.Arrow;
import workshop.kit.diagram.DiagramFiles;
import workshop.kit.diagram.ItemCollections;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.Target;

/**
 * A single-table design task's drawing (see {@link ItemCollections}), made by its tests as the
 * Cassandra tasks' checks draw theirs: the tests hand over what each question's requests cost as
 * they measure it, and the test that loads the brief's data draws the table once its tests ran.
 * A question measured after that (by another test class) redraws it. The tests keep one per check
 * in a static field of their own, so a warm grading JVM never mixes two checks' questions.
 */
public final class SingleTableDrawing {

    /** Items read for the drawing at most: enough for every shape of a brief's sample data. */
    private static final int SAMPLE = 1_000;

    private final String title;
    private final Map<String, BriefQuestion> questions;
    private final Map<String, DynamoCost> firstCall = new LinkedHashMap<>();
    private final Map<String, Set<String>> reached = new LinkedHashMap<>();
    private ItemCollections drawn;

    private SingleTableDrawing(String title, Map<String, BriefQuestion> questions) {
        this.title = title;
        this.questions = questions;
    }

    /** A brief's questions, in its order, each named by its constant ("O1"). */
    public static <E extends Enum<E>> SingleTableDrawing of(String title, E[] questions, Function<E, BriefQuestion> brief) {
        Map<String, BriefQuestion> byId = new LinkedHashMap<>();
        Arrays.stream(questions).forEach(q -> byId.put(q.name(), brief.apply(q)));
        return new SingleTableDrawing(title, byId);
    }

    /** What one call of a question cost, as measured: its arrow goes into every table or index the requests named. */
    public synchronized void served(String id, DynamoCost cost, TableNames names) {
        boolean changed = firstCall.putIfAbsent(id, cost) == null;
        for (Target target : cost.targets()) {
            changed |= reached.computeIfAbsent(id, q -> new LinkedHashSet<>())
                    .add(target.isIndex() ? target.index() : names.shortName(target.table()));
        }
        if (drawn != null && changed) {
            write();
        }
    }

    /**
     * Reads the table (through a client that is not metered) and writes the drawing; empty when
     * the table was never created, as with a stub.
     */
    public synchronized Optional<Path> draw(DynamoDbClient plain, String table, TableNames names) {
        return read(plain, table, names).map(drawing -> write());
    }

    /** The drawing of the table as it is now, with the questions measured so far, not written; empty when there is no table. */
    public synchronized Optional<ItemCollections> read(DynamoDbClient plain, String table, TableNames names) {
        try {
            drawn = ItemCollections.read(plain, table, title, names.shortName(table), SAMPLE);
        } catch (ResourceNotFoundException notCreated) {
            return Optional.empty();
        }
        return Optional.of(withArrows());
    }

    private ItemCollections withArrows() {
        return drawn.withArrows(questions.entrySet().stream().map(q -> arrow(q.getKey(), q.getValue())).toList());
    }

    private Path write() {
        Path path = DiagramFiles.write(withArrows());
        DesignDiagrams.written(path);
        return path;
    }

    /** A scan serves no question by a key: drawn dashed, as the Chebotko diagram draws a question no key serves. */
    private Arrow arrow(String id, BriefQuestion question) {
        DynamoCost cost = firstCall.get(id);
        if (cost == null) {
            return new Arrow(id, question.question(), question.rate().toString(), List.of(), "not measured", false, "");
        }
        String how = cost.requestsText() + " per call" + (cost.scans() > 0 ? ", a Scan reads every item" : "");
        return new Arrow(id, question.question(), question.rate().toString(), List.copyOf(reached.getOrDefault(id, Set.of())),
                how, cost.scans() == 0, "");
    }
}
