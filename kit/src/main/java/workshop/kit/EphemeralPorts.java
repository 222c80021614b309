package workshop.kit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;

/**
 * The ports this machine hands out to outgoing connections and to programs that ask for "any
 * port" (a JVM's RMI server among them). A node listening inside this range can find its port
 * taken by such a socket between the check and the start, so the workshop keeps its ports below it.
 */
public record EphemeralPorts(int first, int last) {

    /** IANA's range, the default on macOS and Windows, where no file says otherwise. */
    static final EphemeralPorts IANA = new EphemeralPorts(49152, 65535);
    private static final Path LINUX = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    /** Linux's own setting (32768-60999 by default), or IANA's range elsewhere. */
    public static EphemeralPorts ofThisMachine() {
        try {
            String[] bounds = Files.readString(LINUX).trim().split("\\s+");
            return new EphemeralPorts(Integer.parseInt(bounds[0]), Integer.parseInt(bounds[1]));
        } catch (IOException | RuntimeException notLinux) {
            return IANA;
        }
    }

    public boolean contains(int port) {
        return port >= first && port <= last;
    }

    public boolean containsAny(IntStream ports) {
        return ports.anyMatch(this::contains);
    }

    @Override
    public String toString() {
        return first + "-" + last;
    }
}
