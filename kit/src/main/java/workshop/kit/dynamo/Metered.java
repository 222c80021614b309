package workshop.kit.dynamo;

/** A result together with what its DynamoDB calls cost. */
public record Metered<T>(T value, DynamoCost cost) {}
