package workshop.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Compares a returned list with the expected one and, when they differ, says how: the same items
 * in another order, more than asked for, or which item is first wrong. A learner reads one short
 * sentence and the fix instead of two long lists printed side by side.
 */
public final class ListExpectations {

    private ListExpectations() {}

    /**
     * @param call  what was called, as the learner would write it
     * @param order how the items must be ordered and what gives that order, e.g. "newest first:
     *              CLUSTERING ORDER BY (message_id DESC)"
     */
    public static <T> void assertSameList(String call, List<T> expected, List<T> actual, String order) {
        if (expected.equals(actual)) {
            return;
        }
        Set<T> wanted = new HashSet<>(expected);
        boolean sameItems = actual.size() == expected.size() && wanted.equals(new HashSet<>(actual));
        if (sameItems) {
            List<T> backwards = new ArrayList<>(actual);
            Collections.reverse(backwards);
            boolean reversed = expected.equals(backwards);
            fail(String.format("%s returned the right %d item(s) in %s order. Return them %s.",
                    call, actual.size(), reversed ? "reverse" : "the wrong", order));
        }
        if (actual.size() > expected.size() && actual.subList(0, expected.size()).equals(expected)) {
            fail(String.format("%s returned %d item(s), %d more than expected: the first %d are right, then comes %s.%n"
                            + "  Expected %s.", call, actual.size(), actual.size() - expected.size(), expected.size(),
                    actual.get(expected.size()), order));
        }
        int at = 0;
        while (at < Math.min(expected.size(), actual.size()) && expected.get(at).equals(actual.get(at))) {
            at++;
        }
        String got = at < actual.size() ? String.valueOf(actual.get(at)) : "nothing more";
        String want = at < expected.size() ? String.valueOf(expected.get(at)) : "nothing more";
        long missing = expected.stream().filter(item -> !actual.contains(item)).count();
        fail(String.format("%s returned %d item(s), expected %d (%s); %d expected item(s) are missing.%n"
                        + "  First difference at position %d: expected %s, got %s.",
                call, actual.size(), expected.size(), order, missing, at + 1, want, got));
    }
}
