package workshop.kit.cost;

import java.util.List;
import java.util.UUID;

/** A statement run inside a measurement: the trace of each page it fetched, and the rows its reader took. */
interface Traced {

    List<UUID> traceIds();

    long rowsTaken();
}
