package workshop.testkit;

import org.opentest4j.AssertionFailedError;

/**
 * A right answer obtained at the wrong cost: too many partitions, rows, requests or writes. The
 * runner tells a cost from a wrong answer by this type, so a cost assertion written in any test
 * is graded as a cost; {@link CostExpectations} throws it for every cost it checks.
 */
public class CostFailure extends AssertionFailedError {

    private static final long serialVersionUID = 1L;

    public CostFailure(String message) {
        super(message);
    }
}
