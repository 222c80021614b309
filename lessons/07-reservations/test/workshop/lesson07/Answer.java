package workshop.lesson07;

import java.util.function.Supplier;

/** What a booking API answers, as a test reports it: "201 booked", "422 IN_THE_PAST"... */
final class Answer {

    static final String BOOKED = "201 booked";
    static final String OVER = "422 " + BookingRefused.Reason.IN_THE_PAST;

    private Answer() {}

    static String of(Supplier<BookingResult> booking) {
        try {
            BookingResult result = booking.get();
            boolean booked = result instanceof BookingResult.Booked;
            return result.status() + (booked ? " booked" : " taken");
        } catch (BookingRefused refused) {
            return refused.reason().status() + " " + refused.reason();
        }
    }
}
