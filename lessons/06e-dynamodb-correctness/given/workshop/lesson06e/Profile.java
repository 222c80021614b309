package workshop.lesson06e;

/** An account as stored, with the version a change must name to be applied. Given. */
public record Profile(String userId, String username, String email, String displayName, long version) {}
