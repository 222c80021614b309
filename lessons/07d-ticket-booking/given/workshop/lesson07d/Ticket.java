package workshop.lesson07d;

import java.time.Instant;

/** A seat sold: to whom, and when the sale went through. */
public record Ticket(Seat seat, String buyerId, Instant boughtAt) {}
