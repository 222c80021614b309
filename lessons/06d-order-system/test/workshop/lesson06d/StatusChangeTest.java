package workshop.lesson06d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.dynamo.DynamoCost;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

/**
 * O5 on a small shop of its own: a status change is one conditional write, shows in every
 * question that lists the order, and a change from a status the order no longer has writes
 * nothing.
 */
@ExtendWith(DynamoExtension.class)
class StatusChangeTest {

    private static final Customer CUSTOMER = new Customer("cust-900", "Ada Clerk", "9 Quay Road, Leith EH6 7AB");
    private static final Instant FIRST = Instant.parse("2025-06-01T08:00:00Z");
    /** What each order's status should be now, oldest order first. */
    private static final Map<String, Order> ORDERS = new LinkedHashMap<>();
    private static MeteredClient meter;
    private static OrderSystem shop;
    /** Another clerk's server on the same table: what it changes, the first server has not seen. */
    private static OrderSystem otherClerk;
    private static TableNames names;

    /** One customer with five PLACED orders a minute apart; loads once per class. */
    @BeforeEach
    void loadOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (shop != null) {
            return;
        }
        names = tables;
        OrderSystem fresh = new OrderSystem(client, tables.of("shop"));
        fresh.createTable();
        fresh.addCustomer(CUSTOMER);
        ORDERS.clear();
        for (int o = 0; o < 5; o++) {
            Order order = new Order("o-90" + o, CUSTOMER.customerId(), FIRST.plusSeconds(60L * o), OrderStatus.PLACED, 1_500L);
            fresh.placeOrder(new OrderWithLines(order, List.of(new OrderLine(1, "sku-0042", 1, 1_500L))));
            ORDERS.put(order.orderId(), order);
        }
        meter = metered;
        otherClerk = new OrderSystem(client, tables.of("shop"));
        shop = fresh;
    }

    private static Metered<Boolean> change(String orderId, OrderStatus from, OrderStatus to) {
        Metered<Boolean> changed = meter.measure(() -> shop.changeStatus(orderId, from, to));
        OrderDrawing.DRAWING.served(OrderQuestions.O5.name(), changed.cost(), names); // drawn, not graded
        if (changed.value() && ORDERS.containsKey(orderId)) {
            ORDERS.put(orderId, ORDERS.get(orderId).withStatus(to));
        }
        return changed;
    }

    /** One write request and no read: the condition in the write decides, not a read before it. */
    private static void assertOneConditionalWrite(String call, DynamoCost cost) {
        int writes = cost.requests("UpdateItem") + cost.requests("PutItem") + cost.requests("TransactWriteItems");
        if (cost.requests() != 1 || writes != 1) {
            fail(String.format("%s made %s request(s); a status change is one write whose condition checks the status"
                    + " (ConditionExpression), with no read before it: between a read and a write another clerk can change"
                    + " the order, and both changes succeed.", call, cost.requestsText()));
        }
    }

    /** Every question that shows the order shows its status now; the warehouse lists only PLACED ones. */
    private static void assertEveryQuestionShows(String orderId) {
        Order now = ORDERS.get(orderId);
        assertEquals(Optional.of(now), shop.order(orderId).map(OrderWithLines::order), "the order page (O3) shows " + now.status());
        List<Order> newestFirst = ORDERS.values().stream().sorted((a, b) -> b.placedAt().compareTo(a.placedAt())).toList();
        assertEquals(newestFirst, shop.orderHistory(CUSTOMER.customerId(), null),
                "the history (O2) shows every order's status now; a copy of the order that the change left behind is stale");
        List<Order> placed = ORDERS.values().stream().filter(o -> o.status() == OrderStatus.PLACED).toList();
        assertEquals(placed, shop.pickList(), "the pick list (O4) holds the PLACED orders only, oldest first");
    }

    @Test
    @DisplayName("O5: shipping a PLACED order is one conditional write, and every question shows it shipped")
    void ship() {
        Metered<Boolean> shipped = change("o-900", OrderStatus.PLACED, OrderStatus.SHIPPED);
        assertTrue(shipped.value(), "o-900 was PLACED: shipping it must succeed");
        assertOneConditionalWrite("changeStatus(\"o-900\", PLACED, SHIPPED)", shipped.cost());
        assertEveryQuestionShows("o-900");
    }

    @Test
    @DisplayName("O5: a change from a status the order no longer has is refused and writes nothing")
    void staleChange() {
        assertTrue(change("o-901", OrderStatus.PLACED, OrderStatus.CANCELLED).value(), "o-901 was PLACED: cancelling it must succeed");
        Metered<Boolean> late = change("o-901", OrderStatus.PLACED, OrderStatus.SHIPPED);
        if (late.value() || late.cost().itemsWritten() > 0) {
            fail(String.format("changeStatus(\"o-901\", PLACED, SHIPPED) returned %s and wrote %d item(s) after the order was"
                    + " cancelled: the warehouse would ship a cancelled order. Write only if the status is still the one"
                    + " given (ConditionExpression) and return false when the condition fails.", late.value(),
                    late.cost().itemsWritten()));
        }
        assertOneConditionalWrite("changeStatus(\"o-901\", PLACED, SHIPPED)", late.cost());
        assertEveryQuestionShows("o-901");
    }

    /**
     * Two clerks, in an order that does not depend on timing: the emulator does not isolate
     * requests sent at the same moment, so a race could not prove it. The other clerk's change
     * lands between this server's last sight of the order and its write.
     */
    @Test
    @DisplayName("O5: after another clerk's server cancels an order, shipping it from PLACED is refused")
    void anotherClerksChangeLandsFirst() {
        assertTrue(otherClerk.changeStatus("o-902", OrderStatus.PLACED, OrderStatus.CANCELLED),
                "o-902 was PLACED: the other clerk's server cancels it");
        ORDERS.put("o-902", ORDERS.get("o-902").withStatus(OrderStatus.CANCELLED));
        Metered<Boolean> late = change("o-902", OrderStatus.PLACED, OrderStatus.SHIPPED);
        if (late.value() || late.cost().itemsWritten() > 0) {
            fail(String.format("changeStatus(\"o-902\", PLACED, SHIPPED) returned %s and wrote %d item(s), though another"
                    + " clerk's server had cancelled the order: the warehouse would ship a cancelled order. Many servers"
                    + " share the table, so what one server remembers of an order decides nothing: put the status expected"
                    + " in the write's condition (ConditionExpression), which the store tests against the order as it is.",
                    late.value(), late.cost().itemsWritten()));
        }
        assertEveryQuestionShows("o-902");
    }

    @Test
    @DisplayName("O5: an unknown order is refused, and no order appears from it")
    void unknownOrder() {
        Metered<Boolean> changed = change("o-none", OrderStatus.PLACED, OrderStatus.SHIPPED);
        if (changed.value()) {
            fail("changeStatus(\"o-none\", PLACED, SHIPPED) returned true for an order that never existed: an update writes"
                    + " its item whether or not it was there. Put the status you expect in the write's condition, so a"
                    + " missing order fails it too.");
        }
        assertEquals(Optional.empty(), shop.order("o-none"), "a refused change to an unknown order must not create it");
    }

    @Test
    @DisplayName("O5: a shipped order is delivered in one conditional write")
    void deliver() {
        assertTrue(change("o-903", OrderStatus.PLACED, OrderStatus.SHIPPED).value(), "o-903 was PLACED: shipping it must succeed");
        Metered<Boolean> delivered = change("o-903", OrderStatus.SHIPPED, OrderStatus.DELIVERED);
        assertTrue(delivered.value(), "o-903 was SHIPPED: delivering it must succeed");
        assertOneConditionalWrite("changeStatus(\"o-903\", SHIPPED, DELIVERED)", delivered.cost());
        assertEveryQuestionShows("o-903");
    }

    @Test
    @DisplayName("O5: back to PLACED is refused before any request")
    void neverBackToPlaced() {
        DynamoCost cost = meter.measure(() -> {
            assertThrows(IllegalArgumentException.class, () -> shop.changeStatus("o-904", OrderStatus.SHIPPED, OrderStatus.PLACED));
        });
        assertEquals(0, cost.requests(), "refuse a change to PLACED before asking the store: an order is placed once");
    }
}
