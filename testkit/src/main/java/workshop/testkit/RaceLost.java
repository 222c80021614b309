package workshop.testkit;

import org.opentest4j.AssertionFailedError;

/**
 * A race the code lost: of callers released at once, two were told they won (a table booked twice,
 * an id or a sequence number handed out twice, a seat sold twice). The answer of each caller alone
 * was right, so it ranks after wrong answers and costs; the runner tells it apart by this type,
 * wherever a test throws it.
 */
public class RaceLost extends AssertionFailedError {

    private static final long serialVersionUID = 1L;

    public RaceLost(String message) {
        super(message);
    }

    /** Throws a RaceLost with the message unless the race was won. */
    public static void unless(boolean won, String message) {
        if (!won) {
            throw new RaceLost(message);
        }
    }
}
