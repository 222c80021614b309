package workshop.kit.dynamo;

import workshop.kit.Problem;
import workshop.kit.Versions;
import workshop.kit.WorkshopException;

/** Something a learner can hit while starting or reaching DynamoDB, with the command that fixes it. */
public class DynamoException extends WorkshopException {

    public DynamoException(String problem, String fix) {
        super(problem, fix);
    }

    public DynamoException(Problem problem, Throwable cause) {
        super(problem, cause);
    }

    /** Nothing speaks DynamoDB and moto's server cannot be started here: the two ways out. */
    static DynamoException noEmulator(String why, int port) {
        return new DynamoException("No DynamoDB emulator: nothing answers on 127.0.0.1:" + port
                + " and moto's server could not be started (" + why + ").",
                "run a lesson in a terminal and answer yes to install it into " + MotoInstall.FOLDER
                        + "; or " + MotoServer.python() + " -m pip install \"" + Versions.motoRequirement()
                        + "\"; or its container: docker run --rm -d -p 127.0.0.1:" + port + ":5000 motoserver/moto:"
                        + Versions.MOTO);
    }
}
