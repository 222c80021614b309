package workshop.kit.catalogue;

/**
 * One sample of a design task's question: its label, the argument to serve it on, and the right
 * answer an oracle computed from the brief's sample data, never from the learner's tables.
 */
public record OracleSample<A>(String label, A argument, Answer answer) {}
