package workshop.runner;

/**
 * What a failure is, in the order a learner should fix them: a wrong answer first, then its cost,
 * then a race, then what is not written yet; a cost that could not be measured is not the
 * learner's failure and comes last. A class that ran against a schema its code no longer creates
 * is never shown: the check runs again. Each kind is the type the test kit threw (a cost:
 * {@code CostFailure}, a race lost: {@code RaceLost}, a trace not measured:
 * {@code MeasurementIncomplete}; any other assertion: a wrong answer), told in the grading JVM where
 * the test failed ({@link FailureText#kind}) and sent to the runner in a {@link CheckMessage.Failed}.
 */
public enum Kind { ANSWER, COST, RACE, NOT_WRITTEN, UNMEASURED, SCHEMA_CHANGED }
