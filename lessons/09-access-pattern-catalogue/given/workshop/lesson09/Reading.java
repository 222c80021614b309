package workshop.lesson09;

import java.time.Instant;

/** One measurement from one sensor. Given: you do not need to change it. */
public record Reading(String siteId, String sensorId, Instant time, double value) {}
