package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;

/** What the errors of a lightweight transaction (UPDATE ... IF) mean for its outcome. */
public final class ConditionalWrites {

    private ConditionalWrites() {}

    /**
     * True when a conditional write failed without telling whether it was applied: under
     * contention Paxos can time out after a proposal was accepted. Read the row at SERIAL
     * consistency (which first finishes any proposal in flight) to learn the outcome.
     */
    public static boolean outcomeUnknown(RuntimeException error) {
        return error instanceof CASWriteUnknownException
                || error instanceof WriteTimeoutException timeout && timeout.getWriteType() == WriteType.CAS;
    }
}
