package workshop.kit.cost;

/** A result together with what it cost to get it. */
public record Measured<T>(T value, QueryCost cost) {}
