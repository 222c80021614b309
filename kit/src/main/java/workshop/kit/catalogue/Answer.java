package workshop.kit.catalogue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The right answer to one sample, computed by a brief's oracle from the sample data, never by the
 * code being checked. The checker compares what the sample returned with it, so a design that
 * reads the right partition but returns the wrong rows fails on its answer, not only on its cost.
 */
public final class Answer {

    /** How an answer is compared: item by item, as a bag of items, or as one value. */
    private enum Shape { IN_ORDER, ANY_ORDER, VALUE }

    /** Items named in a difference before the rest are counted. */
    private static final int NAMED = 2;

    private final Shape shape;
    private final Object expected;

    private Answer(Shape shape, Object expected) {
        this.shape = shape;
        this.expected = expected;
    }

    /** The same items in the same order: a board, a page, the newest first. */
    public static Answer inOrder(List<?> expected) {
        return new Answer(Shape.IN_ORDER, List.copyOf(expected));
    }

    /** The same items in any order: an audit's findings, say, where the question asks for no order. */
    public static Answer anyOrder(Collection<?> expected) {
        return new Answer(Shape.ANY_ORDER, List.copyOf(expected));
    }

    /** One value, equal by equals: an Optional, a count, a record, a map. */
    public static Answer of(Object expected) {
        return new Answer(Shape.VALUE, expected);
    }

    /** What the returned value gets wrong, in a sentence; empty when it is the right answer. */
    public Optional<String> difference(Object returned) {
        if (shape == Shape.VALUE) {
            return Objects.equals(expected, returned) ? Optional.empty()
                    : Optional.of("returned " + returned + "; the right answer is " + expected + ".");
        }
        List<?> want = (List<?>) expected;
        if (!(returned instanceof Collection<?> got)) {
            return Optional.of("returned " + describe(returned) + "; the right answer is a list of " + items(want.size())
                    + (want.isEmpty() ? "" : " (" + want.get(0).getClass().getSimpleName() + ")") + ".");
        }
        Optional<String> wrongType = wrongType(want, got);
        if (wrongType.isPresent()) {
            return wrongType;
        }
        List<Object> missing = without(want, got);
        List<Object> extra = without(got, want);
        if (!missing.isEmpty() || !extra.isEmpty()) {
            return Optional.of(String.format("returned %s where the right answer has %d%s%s.", items(got.size()), want.size(),
                    missing.isEmpty() ? "" : "; missing " + named(missing),
                    extra.isEmpty() ? "" : "; not in the answer " + named(extra)));
        }
        if (shape == Shape.IN_ORDER) {
            List<?> in = List.copyOf(got);
            for (int i = 0; i < want.size(); i++) {
                if (!want.get(i).equals(in.get(i))) {
                    return Optional.of(String.format("returned the right %s in the wrong order: item %d is %s, the right"
                            + " answer's is %s.", items(want.size()), i + 1, in.get(i), want.get(i)));
                }
            }
        }
        return Optional.empty();
    }

    /** The right answer, for a report: "10 items" or the value. */
    @Override
    public String toString() {
        return shape == Shape.VALUE ? String.valueOf(expected) : items(((List<?>) expected).size());
    }

    /** Rows of the driver, or some other type, where the answer holds the brief's records. */
    private static Optional<String> wrongType(List<?> want, Collection<?> got) {
        if (want.isEmpty() || got.isEmpty()) {
            return Optional.empty();
        }
        Class<?> wanted = want.get(0).getClass();
        Object first = got.iterator().next();
        if (first == null || wanted.isInstance(first)) {
            return Optional.empty();
        }
        return Optional.of("returned items of type " + first.getClass().getSimpleName() + " where the right answer holds "
                + wanted.getSimpleName() + ": return the brief's type, mapped from each row.");
    }

    /** The items of one that the other lacks, counting repeats (a bag difference). */
    private static List<Object> without(Collection<?> from, Collection<?> taken) {
        Map<Object, Integer> left = new HashMap<>();
        taken.forEach(item -> left.merge(item, 1, Integer::sum));
        List<Object> rest = new ArrayList<>();
        for (Object item : from) {
            if (left.merge(item, -1, Integer::sum) < 0) {
                rest.add(item);
            }
        }
        return rest;
    }

    private static String named(List<Object> found) {
        String first = found.stream().limit(NAMED).map(String::valueOf).reduce((a, b) -> a + ", " + b).orElse("");
        return found.size() <= NAMED ? first : first + " and " + (found.size() - NAMED) + " more";
    }

    private static String describe(Object returned) {
        return returned == null ? "nothing (null)" : "a " + returned.getClass().getSimpleName();
    }

    private static String items(int count) {
        return count == 1 ? "1 item" : count + " items";
    }
}
