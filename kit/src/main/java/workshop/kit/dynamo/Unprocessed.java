package workshop.kit.dynamo;

import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;
import workshop.kit.Poll;

/**
 * A batch call's unprocessed part (BatchWriteItem's items, BatchGetItem's keys) means the table
 * is throttling: sent again after a pause that doubles each time, a bounded number of times.
 */
public final class Unprocessed {

    static final int ATTEMPTS = 10;
    private static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(1);

    private Unprocessed() {}

    /** Sends the batch, then what each answer left unprocessed, until nothing is left. */
    public static <V> void sendUntilDone(String what, Map<String, V> batch, UnaryOperator<Map<String, V>> send) {
        Map<String, V> pending = send.apply(batch);
        for (int attempt = 1; !pending.isEmpty(); attempt++) {
            if (attempt == ATTEMPTS) {
                throw new DynamoException("The table left part of " + what + " unprocessed " + ATTEMPTS + " times in a row:"
                        + " it is throttling.", "wait a minute and retry; on AWS, give the table more capacity (or on-demand)");
            }
            if (!Poll.sleep(pause(attempt))) {
                throw new DynamoException("Interrupted while sending " + what + " again.", "rerun the command");
            }
            pending = send.apply(pending);
        }
    }

    /** 100 ms, 200 ms, 400 ms, 800 ms, then 1 s. */
    static Duration pause(int attempt) {
        Duration pause = FIRST_PAUSE.multipliedBy(1L << Math.min(attempt - 1, 10));
        return pause.compareTo(LONGEST_PAUSE) < 0 ? pause : LONGEST_PAUSE;
    }
}
