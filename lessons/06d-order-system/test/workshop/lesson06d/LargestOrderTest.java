package workshop.lesson06d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

/**
 * The brief's largest order, a business order of {@link Shop#MOST_LINES_PER_ORDER} lines: the
 * sample's orders have 4 lines at most, far below the store's limits (100 actions a transaction,
 * 25 items a batch, 400 KB an item) and below the line number where text order leaves number order.
 * Two clerks racing one status change are not raced here: the emulator does not apply conditional
 * writes atomically under concurrent requests, so StatusChangeTest holds the rule one change at a time,
 * another clerk's server changing the order between this server's sight of it and its write.
 */
@ExtendWith(DynamoExtension.class)
class LargestOrderTest {

    static final Customer BUSINESS = new Customer("cust-950", "Harbour Supplies Ltd", "1 Dock Street, Leith EH6 6AA");
    private static final Instant PLACED_AT = Instant.parse("2025-06-02T09:00:00Z");
    private static OrderSystem shop;
    private static MeteredClient meter;

    /** An empty table with one business customer; once per class. */
    @BeforeEach
    void createOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (shop != null) {
            return;
        }
        OrderSystem fresh = new OrderSystem(client, tables.of("shop"));
        fresh.createTable();
        fresh.addCustomer(BUSINESS);
        meter = metered;
        shop = fresh;
    }

    static OrderWithLines largest(String orderId) {
        List<OrderLine> lines = IntStream.rangeClosed(1, Shop.MOST_LINES_PER_ORDER)
                .mapToObj(n -> new OrderLine(n, String.format("sku-%04d", n % 2_000), 1 + n % 5, 199L + n)).toList();
        long total = lines.stream().mapToLong(line -> line.quantity() * line.priceCents()).sum();
        return new OrderWithLines(new Order(orderId, BUSINESS.customerId(), PLACED_AT, OrderStatus.PLACED, total), lines);
    }

    private static void place(OrderWithLines order) {
        try {
            shop.placeOrder(order);
        } catch (RuntimeException refused) {
            fail(String.format("""
                    placeOrder of an order with %,d lines, the brief's largest, failed: %s
                      DynamoDB takes 100 actions in a transaction, 25 items in a BatchWriteItem and 400 KB in an
                      item; the sample's orders, 4 lines at most, reach none of them. Write the lines as items of
                      their own, in as many requests as the limits need, and the order last.""",
                    Shop.MOST_LINES_PER_ORDER, refused.getMessage()));
        }
    }

    @Test
    @DisplayName("O3: an order of 1,000 lines is stored whole and read back in line order, from one read")
    void theLargestOrderReadsBackWhole() {
        OrderWithLines placed = largest("o-950");
        place(placed);
        Metered<Optional<OrderWithLines>> page = meter.measure(() -> shop.order("o-950"));
        List<OrderLine> read = page.value().map(OrderWithLines::lines).orElse(List.of());
        if (!read.equals(placed.lines())) {
            List<Integer> numbers = read.stream().map(OrderLine::line).limit(12).toList();
            fail(String.format("""
                    order("o-950") returned %,d of its %,d lines, the first numbered %s: the page shows every line
                      in line order. A line number as text sorts "10" before "9" and "1000" before "999": pad it
                      to a fixed width (or store it as a number) so the sort key's order is the lines' order.""",
                    read.size(), placed.lines().size(), numbers));
        }
        assertEquals(Optional.of(placed.order()), page.value().map(OrderWithLines::order), "the order page (O3) shows the order");
        CostExpectations.assertOneRead("order(\"o-950\"), of " + Shop.MOST_LINES_PER_ORDER + " lines", page.cost(),
                1 + Shop.MOST_LINES_PER_ORDER);
    }
}
