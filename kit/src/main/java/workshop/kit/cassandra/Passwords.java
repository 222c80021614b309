package workshop.kit.cassandra;

import java.security.SecureRandom;

/** Generated passwords for a room's logins: letters and digits only, so they paste into any shell and CQL. */
public final class Passwords {

    static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    /** 22 characters of 57 carry about 128 bits; look-alikes (0/O, 1/l/I) are left out for reading aloud. */
    static final int LENGTH = 22;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Passwords() {}

    public static String generate() {
        StringBuilder password = new StringBuilder(LENGTH);
        for (int i = 0; i < LENGTH; i++) {
            password.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return password.toString();
    }
}
