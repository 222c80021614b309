package workshop.lesson07;

import java.time.LocalDate;
import java.util.List;
import javax.sql.DataSource;

/**
 * Lesson 07, task 2 of 3 (tests: Task2UserReservationsViewTest): keep user_reservations (workshop.fixtures.dining.DiningSchema) up to date from
 * booking events. The relay delivers each event at least once, in no guaranteed order: applying
 * an event twice, or an older one after a newer one, must leave the view as if every event had
 * arrived once, in order.
 */
public class UserReservationsView {

    private final DataSource db;

    public UserReservationsView(DataSource db) {
        this.db = db;
    }

    public void apply(ReservationEvent event) {
        // TODO: an upsert that only takes effect when the event's version is newer than the row's
        throw new UnsupportedOperationException("TODO: apply the event idempotently");
    }

    /** The diner's reservations on or after {@code from}, in date and time order; cancelled ones left out. */
    public List<UpcomingReservation> upcoming(long userId, LocalDate from) {
        // TODO: one key range of user_reservations: this user, from this date on
        throw new UnsupportedOperationException("TODO: read the diner's upcoming reservations");
    }
}
