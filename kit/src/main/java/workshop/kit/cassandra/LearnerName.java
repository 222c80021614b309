package workshop.kit.cassandra;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A learner's namespace in a room when they set none: their git user name, made fit for a keyspace
 * name, and three hex digits from their e-mail and machine, so two Alices in one room still differ
 * and the same laptop keeps the same namespace from one check to the next.
 */
public final class LearnerName {

    /** Keyspaces.NAMESPACE allows 20 characters: 16 for the name, _ and a three-digit suffix. */
    private static final int NAME_LENGTH = 16;

    private LearnerName() {}

    /** From this machine's git configuration (the OS user when git has no name). */
    public static String ofThisMachine() {
        String name = git("user.name").orElse(System.getProperty("user.name", "learner"));
        String identity = git("user.email").orElse("") + "|" + System.getProperty("user.name", "") + "|" + hostName();
        return of(name, identity);
    }

    /** A namespace from a readable name and whatever tells its owner apart from a namesake. */
    public static String of(String name, String identity) {
        String readable = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        if (!readable.matches("[a-z].*")) {
            readable = "l" + readable;
        }
        readable = readable.substring(0, Math.min(NAME_LENGTH, readable.length())).replaceAll("_+$", "");
        return readable + "_" + suffix(name + "|" + identity);
    }

    private static String suffix(String identity) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 3);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static Optional<String> git(String key) {
        try {
            Process git = new ProcessBuilder("git", "config", key).redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 && !out.isEmpty() ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // no git: the OS user name stands in
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "";
        }
    }
}
