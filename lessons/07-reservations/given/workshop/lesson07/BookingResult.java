package workshop.lesson07;

import java.util.UUID;

/** How a well-formed booking ended. Given: you do not need to change it. */
public sealed interface BookingResult {

    /** The HTTP status an API would answer with. */
    int status();

    /** The table is the diner's. */
    record Booked(UUID reservationId) implements BookingResult {
        @Override
        public int status() {
            return 201;
        }
    }

    /** Someone else holds the table at that sitting: 409 Conflict, and nothing was written. */
    record Taken() implements BookingResult {
        @Override
        public int status() {
            return 409;
        }
    }
}
