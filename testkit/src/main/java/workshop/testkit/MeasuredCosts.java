package workshop.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The cost of each call a check held to a bound and found within it, as its trace measured it:
 * the grading JVM takes them after each test and tells the runner, which keeps them in the grade,
 * so the learner's certificate shows what their own runs read.
 */
public final class MeasuredCosts {

    /** One checked call: partitions and rows its trace read, and the most rows it was allowed. */
    public record Figure(String call, int partitions, long rowsRead, long bound) {}

    /** A test's own threads may check costs too, so figures queue without a lock. */
    private static final Queue<Figure> NOT_TAKEN = new ConcurrentLinkedQueue<>();

    private MeasuredCosts() {}

    static void held(Figure figure) {
        NOT_TAKEN.add(figure);
    }

    /** The figures measured since the last take, oldest first. */
    public static List<Figure> take() {
        List<Figure> taken = new ArrayList<>();
        for (Figure next = NOT_TAKEN.poll(); next != null; next = NOT_TAKEN.poll()) {
            taken.add(next);
        }
        return taken;
    }
}
