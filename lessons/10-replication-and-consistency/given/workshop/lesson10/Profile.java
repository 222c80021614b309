package workshop.lesson10;

/** A user's profile, as the app shows it. Given: you do not need to change it. */
public record Profile(String userId, String displayName, String city) {}
