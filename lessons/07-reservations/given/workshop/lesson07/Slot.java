package workshop.lesson07;

import java.time.LocalDate;
import java.time.LocalTime;

/** One table at one sitting, free until booked. Given: you do not need to change it. */
public record Slot(long restaurantId, LocalDate date, LocalTime time, int tableId, int seats) {}
