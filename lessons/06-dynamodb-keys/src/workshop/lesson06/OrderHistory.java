package workshop.lesson06;

import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Lesson 06, task 1 of 3 (tests: Task1OrderHistoryTest): a shop's orders in DynamoDB. The account
 * page asks for "the customer's profile and newest orders" and the order history for "the n newest
 * orders of a customer"; both are asked on every visit, far more often than an order is placed.
 * Design the keys so each question is one Query that reads no more items than it returns.
 *
 * The tests give you a client and a table name of your own. Workshop.kit.dynamo.Tables.keyed and
 * Tables.create save typing.
 */
public class OrderHistory {

    private final DynamoDbClient client;
    private final String table;

    public OrderHistory(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** Creates the table, keyed so that each question above is one Query. */
    public void createTable() {
        // TODO: create the table and wait until it exists
        throw new UnsupportedOperationException("TODO: create the orders table");
    }

    public void addCustomer(Customer customer) {
        // TODO: store the profile where the account page's one Query will find it
        throw new UnsupportedOperationException("TODO: store a customer's profile");
    }

    public void addOrder(Order order) {
        // TODO: store the order so the customer's orders read back newest first; two orders placed at the
        //  same instant must stay two
        throw new UnsupportedOperationException("TODO: store an order");
    }

    /**
     * The customer's n newest orders, newest first; empty for an unknown customer.
     *
     * @throws IllegalArgumentException when n is not between 1 and 100
     */
    public List<Order> newestOrders(String customerId, int n) {
        // TODO: one Query, newest first, that reads no item it does not return
        throw new UnsupportedOperationException("TODO: read the newest orders of a customer");
    }

    /**
     * The profile and the n newest orders in one request, the way one partition answers a join.
     * Empty when the customer has no profile.
     *
     * @throws IllegalArgumentException when n is not between 1 and 100
     */
    public Optional<CustomerPage> customerWithNewestOrders(String customerId, int n) {
        // TODO: one Query that returns the profile and the n newest orders
        throw new UnsupportedOperationException("TODO: read the profile and newest orders together");
    }
}
