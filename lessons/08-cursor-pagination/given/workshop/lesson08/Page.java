package workshop.lesson08;

import java.util.List;
import java.util.Optional;

/**
 * One page of a channel's history, newest message first. next is the cursor for the page after
 * this one, and is empty on the last page (there is nothing older). Given.
 */
public record Page(List<Message> messages, Optional<Cursor> next) {}
