package workshop.lesson06e;

/** A sign-up: the account's id, and a username and an email no other account may hold. Given. */
public record Account(String userId, String username, String email, String displayName) {}
