package workshop.lesson06;

import java.util.List;

/** What the customer's account page shows: the profile and the newest orders, newest first. Given. */
public record CustomerPage(Customer customer, List<Order> newestOrders) {}
