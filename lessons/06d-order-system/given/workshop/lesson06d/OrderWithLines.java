package workshop.lesson06d;

import java.util.List;

/** An order and every line of it, in line order: what the order page shows. */
public record OrderWithLines(Order order, List<OrderLine> lines) {}
