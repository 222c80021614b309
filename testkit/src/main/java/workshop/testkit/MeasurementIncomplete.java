package workshop.testkit;

import workshop.kit.cost.QueryCost;

/**
 * A cost that could not be measured completely: some trace was still growing after two waits
 * (a very busy machine). Neither a pass nor a failure of the learner's code: the check says so
 * and asks for a rerun. The runner tells it apart by this type.
 */
public final class MeasurementIncomplete extends AssertionError {

    MeasurementIncomplete(String call, QueryCost cost) {
        super(String.format("could not measure %s: %d of its %d trace(s) never settled (the machine is busy);"
                + " rerun the check", call, cost.unsettled(), cost.requests()));
    }
}
