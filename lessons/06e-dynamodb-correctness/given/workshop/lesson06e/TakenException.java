package workshop.lesson06e;

/**
 * A registration refused because another account already holds one of its unique values: field
 * is "user id", "username" or "email". Given.
 */
public class TakenException extends RuntimeException {

    private final String field;

    public TakenException(String field, String value) {
        super("the " + field + " " + value + " is taken");
        this.field = field;
    }

    public String field() {
        return field;
    }
}
