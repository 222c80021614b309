package workshop.kit.dynamo;

import workshop.kit.WorkshopException;

/** Something a learner can hit while starting or reaching DynamoDB, with the command that fixes it. */
public class DynamoException extends WorkshopException {

    public DynamoException(String problem, String fix) {
        super(problem, fix);
    }

    /** Nothing speaks DynamoDB and moto's server cannot be started here: the two ways out. */
    static DynamoException noEmulator(String why, int port) {
        return new DynamoException("No DynamoDB emulator: nothing answers on 127.0.0.1:" + port
                + " and moto's server could not be started (" + why + ").",
                "either install it: " + MotoServer.python() + " -m pip install \"moto[server]\" (then rerun), or start it in a container:"
                        + " docker run --rm -d -p 127.0.0.1:" + port + ":5000 motoserver/moto");
    }
}
