package workshop.lesson06d;

import java.util.List;

/** The account page: the profile, then the customer's newest orders, newest first. */
public record AccountPage(Customer customer, List<Order> newestOrders) {}
