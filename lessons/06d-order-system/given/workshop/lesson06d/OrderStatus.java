package workshop.lesson06d;

/** Where an order stands. The warehouse ships PLACED orders; a PLACED order may be CANCELLED. */
public enum OrderStatus {
    PLACED, SHIPPED, DELIVERED, CANCELLED
}
