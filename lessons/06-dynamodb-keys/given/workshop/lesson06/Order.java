package workshop.lesson06;

import java.time.Instant;

/** An order a customer placed. Given: you do not need to change it. */
public record Order(String customerId, String orderId, Instant placedAt, long totalCents) {}
