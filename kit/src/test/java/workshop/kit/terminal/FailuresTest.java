package workshop.kit.terminal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.NoNodeAvailableException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import org.junit.jupiter.api.Test;
import workshop.kit.Problem;

class FailuresTest {

    @Test
    void aTimeoutSaysTheMachineIsBusyAndToRerun() {
        Problem problem = Failures.explain(new DriverTimeoutException("Query timed out after PT1M"));
        assertTrue(problem.what().startsWith("A node did not answer in time (DriverTimeoutException: Query timed out"),
                problem.what());
        assertTrue(problem.what().contains("load average") || problem.what().contains("busy"), problem.what());
        assertTrue(problem.fix().startsWith("rerun once the machine is less busy"), problem.fix());
    }

    @Test
    void anotherDriverFailurePointsAtTheNodes() {
        Problem problem = Failures.explain(new NoNodeAvailableException());
        assertTrue(problem.what().startsWith("The Cassandra cluster did not answer as expected (NoNodeAvailableException"),
                problem.what());
        assertTrue(problem.fix().startsWith("./jbang status shows each node"), problem.fix());
    }
}
