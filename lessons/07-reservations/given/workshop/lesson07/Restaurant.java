package workshop.lesson07;

import java.time.ZoneId;

/** A restaurant; its slots are in its own local time, in this zone. Given: you do not need to change it. */
public record Restaurant(long restaurantId, String name, String city, String cuisine, ZoneId zone) {}
