package workshop.kit.model;

/**
 * A logical model breaking one mapping rule for one query.
 *
 * @param rule    the rule it breaks
 * @param query   the query's id
 * @param table   the table that answers it, or "-" when none does
 * @param message what is wrong and what to change
 */
public record Violation(Rule rule, String query, String table, String message) {

    @Override
    public String toString() {
        return rule + " (" + rule.title() + "), " + query + " on " + table + ": " + message;
    }
}
