package workshop.lesson06d;

/** A customer's profile: the name and the address their orders are shipped to. */
public record Customer(String customerId, String name, String address) {}
