package workshop.lesson07d;

/** One line of the event page: a section and how many of its seats are not sold yet. */
public record SectionAvailability(String section, int remaining) {}
