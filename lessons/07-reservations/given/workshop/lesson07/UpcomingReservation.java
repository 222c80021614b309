package workshop.lesson07;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.UUID;

/** One line of a diner's "my reservations" list. Given: you do not need to change it. */
public record UpcomingReservation(UUID reservationId, String restaurantName, LocalDate date, LocalTime time,
                                  int partySize) {}
