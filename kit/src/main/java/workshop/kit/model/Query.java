package workshop.kit.model;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.catalogue.Mark;
import workshop.kit.catalogue.Rate;

/**
 * One access pattern of the application workflow, said in the conceptual model's words: which
 * entities or relationships it returns, the attributes it fixes by equality, the one it searches
 * by range, the order it wants, and how often it is asked. Built as
 * {@code Query.of("Q2", "Episodes of a show, newest first").finds("Episode").equal("show_id")
 * .orderBy("published", Mark.DESCENDING).rate(Rate.perSecond(2_000)).p99(Duration.ofMillis(20))}.
 *
 * @param id       a short name ("Q2")
 * @param question what the application asks, in words
 * @param rows     the entity or relationship whose instances the answer lists
 * @param equality attributes given by value (=), in the order the table should key them
 * @param range    the attribute searched by range (&gt;, &lt;), if any: at most one
 * @param order    the order the answer is wanted in, attribute by attribute
 * @param shown    attributes of another entity the answer shows beside its rows (a user's name)
 * @param rate     how often it is asked at peak
 * @param p99      the latency 99 of 100 answers must beat
 * @param table    the table's name, when the design names it; empty for the rules' own name
 * @param after    the query whose answer gives this one its values, in the workflow; empty for an entry point
 */
public record Query(String id, String question, String rows, List<String> equality, Optional<String> range, List<Order> order,
                    List<String> shown, Rate rate, Duration p99, Optional<String> table, Optional<String> after) {

    /** One attribute of the wanted order, ascending or descending. */
    public record Order(String attribute, Mark direction) {

        public Order {
            if (!direction.clustering()) {
                throw new IllegalArgumentException("an order is Mark.ASCENDING or Mark.DESCENDING, not " + direction);
            }
        }

        @Override
        public String toString() {
            return attribute + (direction == Mark.DESCENDING ? " desc" : " asc");
        }
    }

    public Query {
        equality = List.copyOf(equality);
        order = List.copyOf(order);
        shown = List.copyOf(shown);
    }

    public static Query of(String id, String question) {
        return new Query(id, question, "", List.of(), Optional.empty(), List.of(), List.of(), null, null, Optional.empty(), Optional.empty());
    }

    public Query finds(String entityOrRelationship) {
        return new Query(id, question, entityOrRelationship, equality, range, order, shown, rate, p99, table, after);
    }

    public Query equal(String... attributes) {
        List<String> more = new ArrayList<>(equality);
        more.addAll(List.of(attributes));
        return new Query(id, question, rows, more, range, order, shown, rate, p99, table, after);
    }

    public Query range(String attribute) {
        return new Query(id, question, rows, equality, Optional.of(attribute), order, shown, rate, p99, table, after);
    }

    public Query orderBy(String attribute, Mark direction) {
        List<Order> more = new ArrayList<>(order);
        more.add(new Order(attribute, direction));
        return new Query(id, question, rows, equality, range, more, shown, rate, p99, table, after);
    }

    public Query shows(String... attributes) {
        List<String> more = new ArrayList<>(shown);
        more.addAll(List.of(attributes));
        return new Query(id, question, rows, equality, range, order, more, rate, p99, table, after);
    }

    public Query rate(Rate newRate) {
        return new Query(id, question, rows, equality, range, order, shown, newRate, p99, table, after);
    }

    public Query p99(Duration newP99) {
        return new Query(id, question, rows, equality, range, order, shown, rate, newP99, table, after);
    }

    public Query table(String name) {
        return new Query(id, question, rows, equality, range, order, shown, rate, p99, Optional.of(name), after);
    }

    public Query after(String queryId) {
        return new Query(id, question, rows, equality, range, order, shown, rate, p99, table, Optional.of(queryId));
    }

    /** The direction the query wants this attribute in, if it orders by it. */
    public Optional<Mark> directionOf(String attribute) {
        return order.stream().filter(o -> o.attribute().equals(attribute)).map(Order::direction).findFirst();
    }

    /** "show_id =; published > and <; order by published desc", for a table of the workflow. */
    public String searches() {
        List<String> parts = new ArrayList<>();
        if (!equality.isEmpty()) {
            parts.add(String.join(", ", equality) + " =");
        }
        range.ifPresent(r -> parts.add(r + " range"));
        if (!order.isEmpty()) {
            parts.add("order by " + String.join(", ", order.stream().map(Order::toString).toList()));
        }
        return String.join("; ", parts);
    }
}
