package workshop.lesson06d;

import java.util.Comparator;
import java.util.List;
import workshop.kit.catalogue.Answer;
import workshop.kit.catalogue.OracleSample;

/**
 * The right answer to every sample of the brief, computed from the sample data in {@link Shop}
 * alone, never from your table. The tests call your code on each sample's argument and compare
 * what it returns with the sample's answer. Given: you do not need to change it.
 */
public final class ShopOracle {

    /** O1 shows this many orders under the profile. */
    public static final int ACCOUNT_ORDERS = 5;
    /** O2's page size. */
    public static final int PAGE = 10;
    /** O4's pick list length. */
    public static final int PICK_LIST = 25;

    // Built once: the tests hold each question to these very answers.
    private static final List<OracleSample<String>> ACCOUNT = List.of(
            account("a business customer", Shop.BUSINESS), account("a customer who ordered once", Shop.ONCE),
            account("a newcomer with no order yet", Shop.NEWCOMER));
    private static final List<OracleSample<String>> HISTORY = List.of(
            history("a business customer, several pages", Shop.BUSINESS), history("a customer who ordered once", Shop.ONCE),
            history("a newcomer with no order yet", Shop.NEWCOMER));
    private static final List<OracleSample<String>> ORDER_PAGE = List.of(
            orderPage("the business customer's newest order", newestOf(Shop.BUSINESS)),
            orderPage("the oldest order in the shop", Shop.orders().get(0).order()),
            orderPage("an order with the most lines", Shop.orders().stream()
                    .max(Comparator.comparingInt((OrderWithLines o) -> o.lines().size())).orElseThrow().order()));
    private static final List<OracleSample<Void>> PICK = List.of(
            new OracleSample<>("the warehouse's next orders", null, Answer.inOrder(awaitingShipment())));

    private ShopOracle() {}

    /** O1: the profile, then the customer's newest ACCOUNT_ORDERS orders, newest first. */
    public static List<OracleSample<String>> accountPage() {
        return ACCOUNT;
    }

    /** O2: every order of the customer, newest first: the pages put end to end. */
    public static List<OracleSample<String>> history() {
        return HISTORY;
    }

    /** O3: the order, and its lines in line order; the argument is the order id. */
    public static List<OracleSample<String>> orderPage() {
        return ORDER_PAGE;
    }

    /** O4: the PICK_LIST oldest PLACED orders, oldest first. */
    public static List<OracleSample<Void>> pickList() {
        return PICK;
    }

    /** The orders the warehouse still has to ship, oldest first. */
    public static List<Order> awaitingShipment() {
        return Shop.orders().stream().map(OrderWithLines::order).filter(o -> o.status() == OrderStatus.PLACED)
                .limit(PICK_LIST).toList();
    }

    /** Every order of a customer, newest first. */
    public static List<Order> ordersOf(String customerId) {
        return Shop.orders().stream().map(OrderWithLines::order).filter(o -> o.customerId().equals(customerId))
                .sorted(Comparator.comparing(Order::placedAt).reversed()).toList();
    }

    private static Order newestOf(String customerId) {
        return ordersOf(customerId).get(0);
    }

    private static OracleSample<String> account(String label, String customerId) {
        Customer customer = Shop.customers().stream().filter(c -> c.customerId().equals(customerId)).findFirst().orElseThrow();
        List<Order> newest = ordersOf(customerId).stream().limit(ACCOUNT_ORDERS).toList();
        return new OracleSample<>(label, customerId, Answer.of(new AccountPage(customer, newest)));
    }

    private static OracleSample<String> history(String label, String customerId) {
        return new OracleSample<>(label, customerId, Answer.inOrder(ordersOf(customerId)));
    }

    private static OracleSample<String> orderPage(String label, Order order) {
        OrderWithLines page = Shop.orders().stream().filter(o -> o.order().equals(order)).findFirst().orElseThrow();
        return new OracleSample<>(label, order.orderId(), Answer.of(page));
    }
}
