package workshop.kit.catalogue;

/** One sample of a brief's question: its label, the argument to serve it on, and the oracle's right answer. */
public record OracleSample<A>(String label, A argument, Answer answer) {}
