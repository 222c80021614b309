package workshop.lesson07;

/**
 * A request that can never succeed, whoever else is booking: answered with an error, and nothing
 * is written. Given: you do not need to change it.
 */
public class BookingRefused extends RuntimeException {

    public enum Reason {
        PARTY_TOO_LARGE(422, "the party is larger than the table"),
        UNKNOWN_SLOT(404, "the restaurant has no such table at that sitting"),
        IN_THE_PAST(422, "the sitting is already over in the restaurant's time zone");

        private final int status;
        private final String meaning;

        Reason(int status, String meaning) {
            this.status = status;
            this.meaning = meaning;
        }

        public int status() {
            return status;
        }

        public String meaning() {
            return meaning;
        }
    }

    private final Reason reason;

    public BookingRefused(Reason reason, BookingRequest request) {
        super(reason.meaning() + ": " + request);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
