package workshop.lesson06;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

@ExtendWith(DynamoExtension.class)
@Tag("task-1")
class Task1OrderHistoryTest {

    private static final Instant START = Instant.parse("2025-03-01T09:00:00Z");
    private static final List<Order> PLACED = new ArrayList<>();
    private static MeteredClient meter;
    private static OrderHistory history;

    /** Thirty customers, most with a few orders, customer 7 with sixty; loads once per class. */
    @BeforeEach
    void loadOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (history != null) {
            return;
        }
        OrderHistory fresh = new OrderHistory(client, tables.of("orders"));
        fresh.createTable();
        PLACED.clear();
        for (int c = 1; c <= 30; c++) {
            fresh.addCustomer(new Customer(Integer.toString(c), "Customer " + c, "c" + c + "@example.com"));
            int orders = c == 7 ? 60 : 4;
            for (int o = 0; o < orders; o++) {
                // Pairs in the same second, one on the whole second: string order must still be time order.
                Instant placedAt = START.plusSeconds(3_600L * (o / 2)).plusMillis(o % 2 == 0 ? 0 : 250);
                Order order = new Order(Integer.toString(c), "o-" + c + "-" + o, placedAt, 1_000L + 37L * o);
                fresh.addOrder(order);
                PLACED.add(order);
            }
        }
        fresh.addCustomer(new Customer("lonely", "No Orders Yet", "lonely@example.com"));
        meter = metered;
        history = fresh;
    }

    private static final String TIME_ORDER = "orders newest first: the sort key compares as text, so a newer order needs"
            + " a larger key (a fixed-width timestamp; Instant.toString() drops a zero fraction of a second)";

    private static List<Order> newest(String customerId, int n) {
        return PLACED.stream().filter(o -> o.customerId().equals(customerId))
                .sorted(Comparator.comparing(Order::placedAt).reversed()).limit(n).toList();
    }

    @Test
    @DisplayName("newestOrders(7, 20) returns customer 7's twenty newest orders, newest first")
    void newestFirst() {
        assertEquals(newest("7", 20), history.newestOrders("7", 20), TIME_ORDER);
    }

    @Test
    @DisplayName("newestOrders is one Query that reads no more than the 20 orders it returns")
    void oneQuery() {
        Metered<List<Order>> result = meter.measure(() -> history.newestOrders("7", 20));
        assertEquals(newest("7", 20), result.value(), TIME_ORDER);
        CostExpectations.assertOneQuery("newestOrders(\"7\", 20)", result.cost(), 20);
    }

    @Test
    @DisplayName("the profile and the 5 newest orders come back together from one Query of 6 items")
    void profileAndOrdersTogether() {
        Metered<Optional<CustomerPage>> result = meter.measure(() -> history.customerWithNewestOrders("7", 5));
        assertEquals(Optional.of(new CustomerPage(new Customer("7", "Customer 7", "c7@example.com"), newest("7", 5))), result.value(),
                "the profile, then " + TIME_ORDER);
        CostExpectations.assertOneQuery("customerWithNewestOrders(\"7\", 5)", result.cost(), 6);
    }

    @Test
    @DisplayName("a customer with no orders yet gets the profile and an empty list, still from one Query")
    void noOrdersYet() {
        Metered<Optional<CustomerPage>> result = meter.measure(() -> history.customerWithNewestOrders("lonely", 5));
        assertEquals(Optional.of(new CustomerPage(new Customer("lonely", "No Orders Yet", "lonely@example.com"), List.of())),
                result.value());
        CostExpectations.assertOneQuery("customerWithNewestOrders(\"lonely\", 5)", result.cost(), 1);
    }

    @Test
    @DisplayName("an unknown customer gives no page and no orders, without reading anything")
    void unknownCustomer() {
        Metered<Optional<CustomerPage>> page = meter.measure(() -> history.customerWithNewestOrders("nobody", 5));
        assertTrue(page.value().isEmpty(), "expected no page for an unknown customer, got " + page.value());
        CostExpectations.assertOneQuery("customerWithNewestOrders(\"nobody\", 5)", page.cost(), 0);
        assertEquals(List.of(), history.newestOrders("nobody", 5));
    }

    @Test
    @DisplayName("two orders placed at the same instant are both kept")
    void sameInstant() {
        Instant placedAt = START.plusSeconds(7);
        List<Order> twins = List.of(new Order("twins", "o-twins-1", placedAt, 1_200L), new Order("twins", "o-twins-2", placedAt, 3_400L));
        twins.forEach(history::addOrder);
        List<Order> newest = history.newestOrders("twins", 10);
        if (!Set.copyOf(newest).equals(Set.copyOf(twins))) {
            fail(String.format("""
                    Two orders placed at %s, and newestOrders("twins", 10) returned %s.
                      Their sort keys are the same: a key from the time alone makes the second put replace the
                      first item. Make each order's sort key its own, still in time order.""", placedAt, newest));
        }
    }

    @Test
    @DisplayName("n below 1 or above 100 is refused before anything is read")
    void badLimit() {
        assertThrows(IllegalArgumentException.class, () -> history.newestOrders("7", 0));
        assertThrows(IllegalArgumentException.class, () -> history.newestOrders("7", 101));
        assertThrows(IllegalArgumentException.class, () -> history.customerWithNewestOrders("7", -1));
    }
}
