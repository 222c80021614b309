package workshop.lesson06d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.catalogue.OracleSample;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.testkit.CostExpectations;
import workshop.testkit.DynamoExtension;
import workshop.testkit.TableNames;

/**
 * The design graded on the brief's sample data: each read question on each of the oracle's
 * samples must return the oracle's answer, from one request that reads only what it returns.
 */
@ExtendWith(DynamoExtension.class)
class OrderQuestionsTest {

    private static MeteredClient meter;
    private static OrderSystem shop;
    private static DynamoDbClient plain;
    private static TableNames names;

    /** Shop's 40 customers and 125 orders with their lines, loaded unmetered (faster); once per class. */
    @BeforeEach
    void loadOnce(DynamoDbClient client, MeteredClient metered, TableNames tables) {
        if (shop != null) {
            return;
        }
        names = tables;
        OrderSystem loader = new OrderSystem(metered.plain(), tables.of("shop"));
        loader.createTable();
        Shop.customers().forEach(loader::addCustomer);
        Shop.orders().forEach(loader::placeOrder);
        meter = metered;
        plain = metered.plain();
        shop = new OrderSystem(client, tables.of("shop"));
    }

    /** The table as the tests left it, drawn (see {@link OrderDrawing}), pass or fail; before the extension deletes it. */
    @AfterAll
    static void draw(MeteredClient metered) {
        if (names != null) {
            OrderDrawing.DRAWING.draw(metered.plain(), names.of("shop"), names);
        }
    }

    /** Measures one call of a question, and hands its cost to the drawing. */
    private static <T> Metered<T> measure(OrderQuestions question, Supplier<T> call) {
        Metered<T> measured = meter.measure(call);
        OrderDrawing.DRAWING.served(question.name(), measured.cost(), names);
        return measured;
    }

    /** The oracle's answer or a failure naming the question, the sample and what differed. */
    private static void assertOraclesAnswer(OrderQuestions question, OracleSample<?> sample, Object returned) {
        sample.answer().difference(returned).ifPresent(wrong -> fail(question + " on \"" + sample.label() + "\" " + wrong));
    }

    @Test
    @DisplayName("O1: the account page is the profile and the newest orders, newest first, from one read")
    void accountPage() {
        for (OracleSample<String> sample : ShopOracle.accountPage()) {
            Metered<Optional<AccountPage>> page = measure(OrderQuestions.O1, () -> shop.accountPage(sample.argument()));
            assertOraclesAnswer(OrderQuestions.O1, sample, page.value().orElse(null));
            CostExpectations.assertOneRead("accountPage(\"" + sample.argument() + "\")", page.cost(),
                    1 + page.value().orElseThrow().newestOrders().size());
        }
    }

    @Test
    @DisplayName("O1: an unknown customer has no account page, and it costs no item read")
    void unknownCustomer() {
        Metered<Optional<AccountPage>> page = measure(OrderQuestions.O1, () -> shop.accountPage("cust-none"));
        assertEquals(Optional.empty(), page.value(), "no profile, no account page");
        CostExpectations.assertOneRead("accountPage(\"cust-none\")", page.cost(), 0);
    }

    @Test
    @DisplayName("O2: the history, page after page, is every order newest first; each page one read of its own orders")
    void historyPageByPage() {
        for (OracleSample<String> sample : ShopOracle.history()) {
            String customerId = sample.argument();
            List<Order> seen = new ArrayList<>();
            List<Order> page = List.of();
            int most = ShopOracle.ordersOf(customerId).size() / ShopOracle.PAGE + 1;
            for (int n = 1; n == 1 || page.size() == ShopOracle.PAGE; n++) {
                Order after = seen.isEmpty() ? null : seen.get(seen.size() - 1);
                String call = String.format("orderHistory(\"%s\", %s) (page %d)", customerId,
                        after == null ? "null" : "order " + after.orderId(), n);
                Metered<List<Order>> measured = measure(OrderQuestions.O2, () -> shop.orderHistory(customerId, after));
                page = measured.value();
                if (page.size() > ShopOracle.PAGE || n > most) {
                    fail(String.format("%s returned %d orders after %d page(s) of %s's %d: a page holds at most %d orders,"
                            + " the ones placed just before the last order shown.", call, page.size(), n - 1, customerId,
                            ShopOracle.ordersOf(customerId).size(), ShopOracle.PAGE));
                }
                CostExpectations.assertOneRead(call, measured.cost(), page.size());
                seen.addAll(page);
            }
            assertOraclesAnswer(OrderQuestions.O2, sample, seen);
        }
    }

    @Test
    @DisplayName("O3: an order and its lines, from its id alone, in one read of the order and its lines")
    void orderPage() {
        for (OracleSample<String> sample : ShopOracle.orderPage()) {
            Metered<Optional<OrderWithLines>> page = measure(OrderQuestions.O3, () -> shop.order(sample.argument()));
            assertOraclesAnswer(OrderQuestions.O3, sample, page.value().orElse(null));
            CostExpectations.assertOneRead("order(\"" + sample.argument() + "\")", page.cost(),
                    1 + page.value().orElseThrow().lines().size());
        }
        Metered<Optional<OrderWithLines>> none = measure(OrderQuestions.O3, () -> shop.order("o-none"));
        assertEquals(Optional.empty(), none.value(), "an unknown order id has no order page");
        CostExpectations.assertOneRead("order(\"o-none\")", none.cost(), 0);
    }

    @Test
    @DisplayName("O4: the pick list is the oldest PLACED orders, oldest first, from one Query that reads only them")
    void pickList() {
        for (OracleSample<Void> sample : ShopOracle.pickList()) {
            Metered<List<Order>> list = measure(OrderQuestions.O4, () -> shop.pickList());
            assertOraclesAnswer(OrderQuestions.O4, sample, list.value());
            if (list.cost().scans() > 0 || list.cost().queries() != 1 || list.cost().itemsRead() > ShopOracle.PICK_LIST) {
                fail(String.format("pickList() made %s request(s) that read %,d item(s), %s read unit(s), for %d orders out"
                        + " of %d: a filter runs after the read and pays for every item it drops. Query an index that"
                        + " holds the orders awaiting shipment, in the order they were placed.", list.cost().requestsText(),
                        list.cost().itemsRead(), list.cost().readUnitsText(), ShopOracle.PICK_LIST, Shop.orders().size()));
            }
        }
    }

    @Test
    @DisplayName("customers, orders and lines are in the one table the tests name")
    void oneTable() {
        List<String> created = plain.listTablesPaginator(l -> l.build()).tableNames().stream()
                .filter(name -> name.startsWith(names.prefix())).toList();
        assertEquals(List.of(names.of("shop")), created,
                "the design is one table, named as the test gives it; put every entity in it, and add indexes to it");
    }
}
