package workshop.kit;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** Whether something listens on a loopback port (who holds one: {@link PortHolder}). */
public final class Ports {

    private Ports() {}

    public static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 300);
            return true;
        } catch (IOException closed) {
            return false;
        }
    }
}
