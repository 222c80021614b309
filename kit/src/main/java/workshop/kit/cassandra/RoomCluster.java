package workshop.kit.cassandra;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * A cluster a whole room shares: logins and permissions on, one role per learner. The address is
 * the one learners reach the nodes at; 127.0.0.1 keeps the room on this machine.
 */
public record RoomCluster(String address) {

    public static final String LOCAL = "127.0.0.1";

    /** A room reached at the given address, refused in one line when learners could not use it. */
    public static RoomCluster at(String address) {
        String trimmed = address.trim();
        String fix = "give the address learners reach this machine at, e.g. --listen 192.168.1.20 (ip -4 addr lists them)";
        try {
            if (trimmed.isEmpty() || InetAddress.getByName(trimmed).isAnyLocalAddress()) {
                throw new ClusterException("--listen needs the one address learners reach this machine at, not '"
                        + trimmed + "'.", fix);
            }
        } catch (UnknownHostException e) {
            throw new ClusterException("--listen " + trimmed + " is not a known host or address.", fix);
        }
        return new RoomCluster(trimmed);
    }

    /** Whether only this machine reaches the nodes. */
    public boolean local() {
        return LOCAL.equals(address);
    }
}
