package workshop.room;

import java.time.Instant;

/** A check as the room table holds it: whose, when (the cluster's clock), and what it came to. */
public record RecordedCheck(String learner, Instant at, CheckResult result) {}
