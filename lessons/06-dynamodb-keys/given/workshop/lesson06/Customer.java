package workshop.lesson06;

/** A shop's customer. Given: you do not need to change it. */
public record Customer(String customerId, String name, String email) {}
