package workshop.lesson06d;

/** One line of an order, numbered from 1 in the order the customer added them. */
public record OrderLine(int line, String sku, int quantity, long priceCents) {}
