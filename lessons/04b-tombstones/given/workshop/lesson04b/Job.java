package workshop.lesson04b;

/** One job of a queue: its id (ids grow with the time a job is pushed) and what to do. Given: you do not need to change it. */
public record Job(long id, String payload) {}
