package workshop.runner;

/**
 * How far a check runs its tests. A learner's check runs every test: each task's state and every
 * count come from them. Grading a wrong answer judges only the failure a learner would be shown
 * first, so it may stop as soon as nothing still to run could be shown before it
 * ({@link FirstFailureKnown}).
 */
public enum Until { EVERY_TEST, FIRST_FAILURE_KNOWN }
