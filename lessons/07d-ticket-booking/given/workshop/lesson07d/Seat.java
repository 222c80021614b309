package workshop.lesson07d;

/** One seat of an event: its section ("A") and its number in that section (1, 2, ...). */
public record Seat(String eventId, String section, int number) {}
