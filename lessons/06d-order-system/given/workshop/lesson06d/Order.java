package workshop.lesson06d;

import java.time.Instant;

/** An order as a list shows it, without its lines. */
public record Order(String orderId, String customerId, Instant placedAt, OrderStatus status, long totalCents) {

    public Order withStatus(OrderStatus newStatus) {
        return new Order(orderId, customerId, placedAt, newStatus, totalCents);
    }
}
