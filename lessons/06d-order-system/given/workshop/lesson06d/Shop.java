package workshop.lesson06d;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The brief's sizes and the data the design is checked on, the same on every run: 40 customers,
 * 125 orders over the year before NOW with their 310 lines, the newest still awaiting shipment.
 * Given: you do not need to change it.
 */
public final class Shop {

    /** The application's "now": every order in the data was placed before it. */
    public static final Instant NOW = Instant.parse("2025-06-02T12:00:00Z");

    // The sizes of the real shop, to reason about item collections and item sizes with.
    public static final int CUSTOMERS = 2_000_000;
    /** A business customer's orders in a year; orders are kept this many years. */
    public static final int MOST_ORDERS_PER_CUSTOMER_PER_YEAR = 400;
    public static final int YEARS_KEPT = 7;
    /** A business order's lines at most, and what one line takes stored (sku, name, price, gift note). */
    public static final int MOST_LINES_PER_ORDER = 1_000;
    public static final int LINE_BYTES = 600;
    /** DynamoDB refuses an item larger than this. */
    public static final int ITEM_LIMIT_BYTES = 400 * 1_024;
    /** Orders placed a second at peak, and how long an order waits for the warehouse at most. */
    public static final int ORDERS_PER_SECOND = 30;
    public static final Duration SHIPPED_WITHIN = Duration.ofHours(48);

    // The sample data.
    /** A business customer with a long history (several pages of it), some of it awaiting shipment. */
    public static final String BUSINESS = "cust-007";
    /** A customer who has ordered once. */
    public static final String ONCE = "cust-012";
    /** A customer who has a profile and no order yet. */
    public static final String NEWCOMER = "cust-040";

    private static final int SAMPLE_CUSTOMERS = 40;
    private static final int BUSINESS_ORDERS = 34;
    private static final Duration HISTORY = Duration.ofDays(365);

    private static final Data DATA = generate();

    private Shop() {}

    /** The sample data: every customer, and every order with its lines. */
    public record Data(List<Customer> customers, List<OrderWithLines> orders) {}

    public static List<Customer> customers() {
        return DATA.customers();
    }

    /** Every order with its lines, oldest first; no two orders share a second. */
    public static List<OrderWithLines> orders() {
        return DATA.orders();
    }

    /**
     * Orders placed within SHIPPED_WITHIN of NOW await shipment (one in eight of them cancelled);
     * older ones are shipped, delivered after a week, and one in ten was cancelled.
     */
    private static Data generate() {
        Random random = new Random(2506);
        List<Customer> customers = new ArrayList<>();
        List<OrderWithLines> orders = new ArrayList<>();
        Set<String> orderIds = new HashSet<>();
        Set<Instant> times = new HashSet<>();
        for (int c = 1; c <= SAMPLE_CUSTOMERS; c++) {
            String customerId = String.format("cust-%03d", c);
            customers.add(new Customer(customerId, "Customer " + c, c + " Harbour Street, Leith EH6 " + (c % 9 + 1) + "AB"));
            int count = customerId.equals(BUSINESS) ? BUSINESS_ORDERS : customerId.equals(ONCE) ? 1
                    : customerId.equals(NEWCOMER) ? 0 : 1 + random.nextInt(5);
            for (int o = 0; o < count; o++) {
                // One order in five is recent, so the warehouse has a queue; ids do not sort by time.
                Duration window = random.nextInt(5) == 0 ? SHIPPED_WITHIN : HISTORY;
                Instant placedAt = NOW.minusSeconds(1 + random.nextInt((int) window.toSeconds()));
                while (!times.add(placedAt)) {
                    placedAt = placedAt.minusSeconds(1);
                }
                String orderId = String.format("o%06x", random.nextInt(0x1000000));
                while (!orderIds.add(orderId)) {
                    orderId = String.format("o%06x", random.nextInt(0x1000000));
                }
                List<OrderLine> lines = new ArrayList<>();
                int lineCount = 1 + random.nextInt(4);
                for (int l = 1; l <= lineCount; l++) {
                    lines.add(new OrderLine(l, String.format("sku-%04d", random.nextInt(2_000)), 1 + random.nextInt(3),
                            199 + random.nextInt(9_800)));
                }
                long total = lines.stream().mapToLong(line -> line.quantity() * line.priceCents()).sum();
                OrderStatus status = status(Duration.between(placedAt, NOW), random);
                orders.add(new OrderWithLines(new Order(orderId, customerId, placedAt, status, total), List.copyOf(lines)));
            }
        }
        orders.sort(Comparator.comparing(o -> o.order().placedAt()));
        return new Data(List.copyOf(customers), List.copyOf(orders));
    }

    private static OrderStatus status(Duration age, Random random) {
        if (age.compareTo(SHIPPED_WITHIN) < 0) {
            return random.nextInt(8) == 0 ? OrderStatus.CANCELLED : OrderStatus.PLACED;
        }
        if (random.nextInt(10) == 0) {
            return OrderStatus.CANCELLED;
        }
        return age.compareTo(Duration.ofDays(7)) < 0 ? OrderStatus.SHIPPED : OrderStatus.DELIVERED;
    }
}
