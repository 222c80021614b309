package workshop.lesson07;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.UUID;

/**
 * A diner asks for one table at one sitting. The date and time are the restaurant's local ones.
 * The client makes the reservation id, so a retried request carries the same one. Given: you do
 * not need to change it.
 */
public record BookingRequest(UUID reservationId, long restaurantId, LocalDate date, LocalTime time, int tableId,
                             long userId, int partySize) {}
