package workshop.kit.catalogue;

/**
 * One sample of a design task's question: its label, the argument to serve it on, and the right
 * answer the task's oracle computed from the sample data, outside the learner's code. Serve a
 * pattern on a list of them with {@link AccessPattern#servedOn}.
 */
public record OracleSample<A>(String label, A argument, Answer answer) {}
