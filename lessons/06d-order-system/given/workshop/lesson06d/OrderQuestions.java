package workshop.lesson06d;

import java.time.Duration;
import java.util.List;
import workshop.kit.catalogue.BriefQuestion;
import workshop.kit.catalogue.Rate;
import workshop.kit.catalogue.dynamo.DynamoPattern;

/**
 * The brief of Design an Order System: a shop's questions, how often they come at peak and how
 * fast they must answer. The table's keys and indexes are yours. {@link Shop} holds the sizes and
 * the sample data, {@link ShopOracle} the right answer to every sample.
 * The step before tables (lesson 09a): write the entities, keys and relationships, and each
 * question's equality, range and order attributes; workshop.kit.model.MappingRules derives keys.
 */
public enum OrderQuestions {
    O1("a customer's profile, address and " + ShopOracle.ACCOUNT_ORDERS + " newest orders, newest first (account)",
            Rate.perSecond(800), Duration.ofMillis(20)),
    O2("a customer's orders newest first, " + ShopOracle.PAGE + " a page, after the last one shown (history)",
            Rate.perSecond(200), Duration.ofMillis(50)),
    O3("an order and its lines in line order, from the order id alone (order page)",
            Rate.perSecond(500), Duration.ofMillis(30)),
    O4("the " + ShopOracle.PICK_LIST + " oldest orders awaiting shipment (PLACED), oldest first (pick list)",
            Rate.perSecond(5), Duration.ofMillis(200)),
    O5("change an order's status, only from the status it has now (ship, cancel)",
            Rate.perSecond(100), Duration.ofMillis(50));

    /** What must hold whatever the design. */
    public static final List<String> RULES = List.of(
            "customers, orders and their lines live in one table, the one the tests name; its indexes are yours",
            "every read question is one request (a Query or a GetItem, never a Scan) that reads no item it does not return",
            "a status change is one conditional write, with no read before it; a change from a status the order"
                    + " no longer has writes nothing",
            String.format("no item passes DynamoDB's %,d KB: an order may have %,d lines of %d bytes",
                    Shop.ITEM_LIMIT_BYTES / 1_024, Shop.MOST_LINES_PER_ORDER, Shop.LINE_BYTES));

    private final BriefQuestion brief;

    OrderQuestions(String question, Rate rate, Duration p99) {
        this.brief = new BriefQuestion(question, rate, p99);
    }

    /** What is asked, how often and how fast. */
    public BriefQuestion brief() {
        return brief;
    }

    /** The question as a pattern of the catalogue, named and rated by the brief: add its plan and its code. */
    public DynamoPattern pattern() {
        return DynamoPattern.of(name(), brief.question()).rate(brief.rate());
    }
}
