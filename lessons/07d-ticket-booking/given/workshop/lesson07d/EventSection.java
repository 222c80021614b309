package workshop.lesson07d;

/** One section of one event: what the seat map shows. */
public record EventSection(String eventId, String section) {}
