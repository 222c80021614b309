package workshop.lesson07d;

import workshop.kit.catalogue.Answer;

/**
 * One sample of a question: its label, the argument to serve it on, and the right answer the
 * oracle computed from the sample data. Serve it as
 * {@code .servedBy(s.label(), s.answer(), () -> yourCode(s.argument()))}.
 */
public record Sample<A>(String label, A argument, Answer answer) {}
