package workshop.lesson08d;

import java.util.List;
import java.util.Optional;

/**
 * One page of a terminal's log, newest event first. next is the cursor the app sends back for the
 * page after this one: a string only your code reads. A page of fewer than {@link EventOracle#PAGE}
 * events has none; after a full page, the next one may be empty.
 */
public record EventPage(List<TerminalEvent> events, Optional<String> next) {}
