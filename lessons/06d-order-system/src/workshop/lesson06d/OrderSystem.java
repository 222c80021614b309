package workshop.lesson06d;

import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import workshop.kit.catalogue.dynamo.DynamoCatalogue;

/**
 * Design an Order System (tests: OrderQuestionsTest, StatusChangeTest, LargestOrderTest,
 * OrderSystemCatalogueTest), after lesson 06c: a shop's customers, orders and order lines in one
 * DynamoDB table, from its brief alone. The
 * questions, their peak rates and p99 targets are in {@link OrderQuestions} (./jbang lesson06d
 * prints them):
 *   O1  a customer's profile and address with their 5 newest orders (account)   800/s   20 ms
 *   O2  a customer's orders newest first, 10 a page, after the last one shown    200/s   50 ms
 *   O3  an order and its lines, from the order id alone (order page)             500/s   30 ms
 *   O4  the 25 oldest orders awaiting shipment, oldest first (warehouse)           5/s  200 ms
 *   O5  change an order's status, only from the status it has now                100/s   50 ms
 * Sizes: 2,000,000 customers; a business customer places up to 400 orders a year, kept 7 years;
 * an order has up to 1,000 lines of about 600 bytes; 30 orders a second at peak, each shipped
 * within 48 hours. The sample data is Shop (customers, orders with their lines, at a fixed time).
 *
 * The rules the tests hold you to:
 *   - one table, the one the tests name, holds customers, orders and lines; indexes on it are yours
 *   - every read question is one request (a Query or a GetItem, no Scan) that reads no item it
 *     does not return
 *   - a status change is one conditional write with no read before it; a change from a status the
 *     order no longer has returns false and writes nothing
 *   - every answer is the oracle's: ShopOracle gives each question's samples with their answers
 *   - catalogue() declares O1 to O5, each with its DynamoPlan and the code that serves it: the plan
 *     review and the measured check (docs/catalogue-dynamodb.md) must find every plan kept
 * Keys, sort orders and indexes are yours: the tests grade answers and measured cost only.
 * Every check draws your table's item collections, and which index each question read, in
 * .workshop/diagrams/order-system.svg (and .txt); the drawing grades nothing.
 */
public class OrderSystem {

    private final DynamoDbClient client;
    private final String table;

    /** @param table the one table of the design: the tests give its name */
    public OrderSystem(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** Creates the table and any index of it your design needs, and waits until they exist. */
    public void createTable() {
        // TODO: design the table from the questions, then create it
        throw new UnsupportedOperationException("TODO: design the table from OrderQuestions and create it");
    }

    public void addCustomer(Customer customer) {
        throw new UnsupportedOperationException("TODO: store a customer's profile");
    }

    /** Stores the order, in the status it has, and its lines. */
    public void placeOrder(OrderWithLines order) {
        throw new UnsupportedOperationException("TODO: store an order and its lines");
    }

    /** O1: the profile and the customer's newest ShopOracle.ACCOUNT_ORDERS orders; empty for an unknown customer. */
    public Optional<AccountPage> accountPage(String customerId) {
        throw new UnsupportedOperationException("TODO: the account page (O1)");
    }

    /**
     * O2: the next ShopOracle.PAGE orders of the customer, newest first, placed before {@code after}
     * (the last order of the page shown; null for the first page). Fewer than a page: the last one.
     */
    public List<Order> orderHistory(String customerId, Order after) {
        throw new UnsupportedOperationException("TODO: a page of a customer's orders (O2)");
    }

    /** O3: the order and its lines in line order; empty for an unknown order id. */
    public Optional<OrderWithLines> order(String orderId) {
        throw new UnsupportedOperationException("TODO: an order and its lines (O3)");
    }

    /** O4: the ShopOracle.PICK_LIST oldest PLACED orders, oldest first. */
    public List<Order> pickList() {
        throw new UnsupportedOperationException("TODO: the warehouse's pick list (O4)");
    }

    /**
     * The design declared for the DynamoDB catalogue checker: the table createTable makes (as a
     * CreateTableRequest), Shop's data written in setUp by a fresh OrderSystem on the client it is
     * given (items() may then be empty), and OrderQuestions.O1.pattern() to O5 each with its
     * DynamoPlan and .servedBy(...) calling that OrderSystem on ShopOracle's samples.
     */
    public DynamoCatalogue catalogue() {
        // TODO: declare O1 to O5 with the plan of each, as the design serves them
        throw new UnsupportedOperationException("TODO: declare the design's catalogue (OrderSystemCatalogueTest)");
    }

    /**
     * O5: true when the order had status {@code from} and now has {@code to}; false, writing
     * nothing, when it had another (shipped or cancelled meanwhile) or does not exist.
     *
     * @throws IllegalArgumentException when {@code to} is PLACED: an order is placed once
     */
    public boolean changeStatus(String orderId, OrderStatus from, OrderStatus to) {
        throw new UnsupportedOperationException("TODO: change an order's status (O5)");
    }
}
