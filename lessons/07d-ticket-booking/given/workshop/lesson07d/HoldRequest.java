package workshop.lesson07d;

/** A buyer asking to hold one seat. */
public record HoldRequest(Seat seat, String buyerId) {}
