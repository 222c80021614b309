///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES given/workshop/lesson06d/*.java
//MAIN design_order_system
//DESCRIPTION Design task after lesson 06c: an order system in one DynamoDB table, from its brief

import java.time.Duration;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson06d.OrderQuestions;
import workshop.lesson06d.OrderStatus;
import workshop.lesson06d.OrderWithLines;
import workshop.lesson06d.Shop;

/** The brief of Design an Order System, read from its given code: questions, rules, sizes, data. */
class design_order_system {

    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(design_order_system::run);
    }

    static void run() {
        Story.title("06d", "design task: an order system in one table");
        Story.say("""
                Lesson 06c showed a single table that someone had already designed: users, chats and
                messages, each in its item collection. Here you design one: a shop's customers,
                orders and order lines, from the questions below. Nothing here names a key, an
                attribute or an index; choosing them, and which entity shares a collection with
                which, is the task.""");
        Story.section("The questions, at peak");
        // tag::brief[]
        TextTable questions = TextTable.of("", "question", "rate", "p99");
        for (OrderQuestions question : OrderQuestions.values()) {
            questions.row(question.name(), question.brief().question(), question.brief().rate(),
                    question.brief().p99().toMillis() + " ms");
        }
        questions.print();
        // end::brief[]
        Story.section("The rules");
        OrderQuestions.RULES.forEach(rule -> Story.say("- " + rule));
        Story.section("The sizes");
        long ordersKept = (long) Shop.MOST_ORDERS_PER_CUSTOMER_PER_YEAR * Shop.YEARS_KEPT;
        long largestOrder = (long) Shop.MOST_LINES_PER_ORDER * Shop.LINE_BYTES;
        long placedPerDay = Shop.ORDERS_PER_SECOND * Duration.ofDays(1).toSeconds();
        Story.say("""
                %,d customers. A business customer places %d orders a year, kept %d years: %,d
                orders in one customer's history. An order has up to %,d lines of about %d bytes:
                %,d bytes, against DynamoDB's limit of %,d bytes an item. At peak %d orders a second
                are placed (%,d a day at that pace), and each waits at most %d hours for the
                warehouse. Which of these bounds each item collection you choose, and which item
                would break the limit?""",
                Shop.CUSTOMERS, Shop.MOST_ORDERS_PER_CUSTOMER_PER_YEAR, Shop.YEARS_KEPT, ordersKept,
                Shop.MOST_LINES_PER_ORDER, Shop.LINE_BYTES, largestOrder, Shop.ITEM_LIMIT_BYTES,
                Shop.ORDERS_PER_SECOND, placedPerDay, Shop.SHIPPED_WITHIN.toHours());
        Story.section("The sample data (Shop)");
        int lines = Shop.orders().stream().mapToInt(order -> order.lines().size()).sum();
        long waiting = Shop.orders().stream().map(OrderWithLines::order)
                .filter(order -> order.status() == OrderStatus.PLACED).count();
        Story.say("""
                %d customers, %d orders placed over the year before %s with %d lines, %d of the
                orders still PLACED, waiting for the warehouse. ShopOracle computes the right answer
                to every sample from this data; the tests compare what your code returns with
                it.""",
                Shop.customers().size(), Shop.orders().size(), Shop.NOW, lines, waiting);
        Story.section("The task");
        Story.say("""
                Write your design in lessons/06d-order-system/src/workshop/lesson06d/OrderSystem.java:
                the table and its indexes, the code of each question, and its catalogue: O1 to O5,
                each with its DynamoPlan (docs/catalogue-dynamodb.md). Draw the entity chart and
                the access-pattern chart first: for each question, which item collection answers it.
                The check loads the sample data, asks each question on the oracle's samples and
                counts requests and items read, then changes statuses on a shop of its own. It
                reviews every plan of your catalogue, then measures each question's code against
                its plan. It draws your table's item collections, an arrow from each question to
                what it read, in .workshop/diagrams/order-system.svg.""");
        RECAP.line("%d questions, the busiest %s; each read is one request reading only its answer",
                        OrderQuestions.values().length, OrderQuestions.O1.brief().rate())
                .line("a business customer's history: %,d orders; the largest order: %,d bytes"
                        + " of lines (an item holds %,d)", ordersKept, largestOrder,
                        Shop.ITEM_LIMIT_BYTES)
                .line("the sample data: %d customers, %d orders, %d lines, %d awaiting shipment",
                        Shop.customers().size(), Shop.orders().size(), lines, waiting);
        RECAP.print("./jbang check 06d   (lessons/06d-order-system/src);"
                + " stuck? ./jbang hint 06d");
    }
}
