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

    /** Creates the table. What is the partition key, what is the sort key, and what goes in each? */
    public void createTable() {
        // TODO: create the table with a partition key and a sort key, and wait until it exists
        throw new UnsupportedOperationException("TODO: create the orders table");
    }

    public void addCustomer(Customer customer) {
        // TODO: put the profile in the customer's partition
        throw new UnsupportedOperationException("TODO: store a customer's profile");
    }

    public void addOrder(Order order) {
        // TODO: put the order in the customer's partition, under a sort key that orders by time
        throw new UnsupportedOperationException("TODO: store an order");
    }

    /**
     * The customer's n newest orders, newest first; empty for an unknown customer.
     *
     * @throws IllegalArgumentException when n is not between 1 and 100
     */
    public List<Order> newestOrders(String customerId, int n) {
        // TODO: one Query: the customer's partition, orders only, newest first, stop after n
        throw new UnsupportedOperationException("TODO: read the newest orders of a customer");
    }

    /**
     * The profile and the n newest orders in one request, the way one partition answers a join.
     * Empty when the customer has no profile.
     *
     * @throws IllegalArgumentException when n is not between 1 and 100
     */
    public Optional<CustomerPage> customerWithNewestOrders(String customerId, int n) {
        // TODO: one Query that meets the profile and then the newest orders (which sort key sorts after all orders?)
        throw new UnsupportedOperationException("TODO: read the profile and newest orders together");
    }
}
