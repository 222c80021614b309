package workshop.lesson07d;

import java.time.Instant;

/** A seat kept for a buyer until it expires; unpaid by then, the seat is free again. */
public record Hold(Seat seat, String buyerId, Instant expiresAt) {}
