package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SocketStreamsTest {

    @Test
    void oneSideWritesWhileTheOtherIsBlockedReading(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("s");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(socket));
                 SocketChannel served = server.accept()) {
                BufferedReader clientIn = new BufferedReader(new InputStreamReader(SocketStreams.input(client), StandardCharsets.UTF_8));
                CompletableFuture<String> reply = CompletableFuture.supplyAsync(() -> {
                    try {
                        return clientIn.readLine();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                Thread.sleep(100); // the client's reader is blocked now
                new PrintStream(SocketStreams.output(client), true, StandardCharsets.UTF_8).println("run");
                BufferedReader servedIn = new BufferedReader(new InputStreamReader(SocketStreams.input(served), StandardCharsets.UTF_8));
                assertEquals("run", servedIn.readLine());
                new PrintStream(SocketStreams.output(served), true, StandardCharsets.UTF_8).println("READY");
                assertEquals("READY", reply.get(10, TimeUnit.SECONDS));
            }
        }
    }
}
