package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarmGradingTest {

    private static final Map<String, String> ENV = Map.of("WORKSHOP_NAMESPACE", "ann", "CASSANDRA_CONTACT_POINTS",
            "127.0.0.1:9042", "PWD", "/home/ann", "TERM", "xterm");

    private static String key(String javaHome, String classPath, Map<String, String> env, String stamp) {
        return WarmGrading.key(javaHome, classPath, env, entry -> stamp);
    }

    private static Map<String, String> with(String name, String value) {
        Map<String, String> env = new HashMap<>(ENV);
        env.put(name, value);
        return env;
    }

    @Test
    void theSameRunnerInTheSameSettingsHasTheSameKeyWhereverTheTerminalIs() {
        String key = key("/jdk17", "/cache/runner.jar", ENV, "1:10");
        assertEquals(key, key("/jdk17", "/cache/runner.jar", with("PWD", "/home/ann/exercises"), "1:10"));
        assertEquals(key, key("/jdk17", "/cache/runner.jar", with("TERM", "dumb"), "1:10"));
    }

    @Test
    void anotherJavaClassPathRebuiltJarOrWorkshopSettingIsAnotherKey() {
        String key = key("/jdk17", "/cache/runner.jar", ENV, "1:10");
        assertNotEquals(key, key("/jdk21", "/cache/runner.jar", ENV, "1:10"));
        assertNotEquals(key, key("/jdk17", "/cache2/runner.jar", ENV, "1:10"));
        assertNotEquals(key, key("/jdk17", "/cache/runner.jar", ENV, "2:10"));
        assertNotEquals(key, key("/jdk17", "/cache/runner.jar", with("WORKSHOP_NAMESPACE", "bob"), "1:10"));
        assertNotEquals(key, key("/jdk17", "/cache/runner.jar", with("CASSANDRA_CONTACT_POINTS", "127.0.0.1:19042"), "1:10"));
        assertNotEquals(key, key("/jdk17", "/cache/runner.jar", with("DYNAMODB_ENDPOINT", "http://localhost:8000"), "1:10"));
    }

    @Test
    void onlyAProcessStartedWithExactlyThisKeyIsAdopted() {
        List<String> started = List.of("java", "-Dworkshop.grading=/ws/.workshop/check/warm", "-Dworkshop.grading.key=abc1", "-cp");
        assertTrue(WarmGrading.adoptable(started, "abc1"));
        assertFalse(WarmGrading.adoptable(started, "abc"));
        assertFalse(WarmGrading.adoptable(started, "abc12"));
        assertFalse(WarmGrading.adoptable(List.of(), "abc1"), "a process whose arguments the OS does not give");
    }

    @Test
    void aWaitingJvmStaysUntilTheIdleLimitWhileThePidFileNamesIt() {
        Duration limit = Duration.ofMinutes(15);
        assertFalse(WarmGrading.shouldLeave(Duration.ZERO, limit, Optional.of(42L), 42));
        assertFalse(WarmGrading.shouldLeave(Duration.ofMinutes(14), limit, Optional.of(42L), 42));
        assertTrue(WarmGrading.shouldLeave(Duration.ofMinutes(15), limit, Optional.of(42L), 42));
    }

    @Test
    void aWaitingJvmLeavesAsSoonAsANewerOneTookItsPlaceOrAfterAGraceNoPidFileNamesIt() {
        Duration limit = Duration.ofMinutes(15);
        assertTrue(WarmGrading.shouldLeave(Duration.ofSeconds(2), limit, Optional.of(43L), 42));
        assertFalse(WarmGrading.shouldLeave(Duration.ofSeconds(2), limit, Optional.empty(), 42), "its pid not written yet");
        assertTrue(WarmGrading.shouldLeave(Duration.ofMinutes(1), limit, Optional.empty(), 42), "./jbang down or a deleted folder");
    }

    @Test
    void eitherTheRunnerOrTheIdleLimitHasTheJvmNeverBoth() {
        WarmGrading.Claim claim = new WarmGrading.Claim();
        assertTrue(claim.take(), "the first comer");
        assertFalse(claim.take(), "the second comer finds it taken");
    }

    @Test
    void oneSideWritesWhileTheOtherIsBlockedReading(@TempDir Path dir) throws Exception {
        Path socket = dir.resolve("s");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(socket));
                 SocketChannel served = server.accept()) {
                BufferedReader clientIn = new BufferedReader(new InputStreamReader(WarmGrading.input(client), StandardCharsets.UTF_8));
                CompletableFuture<String> reply = CompletableFuture.supplyAsync(() -> {
                    try {
                        return clientIn.readLine();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                Thread.sleep(100); // the client's reader is blocked now
                new PrintStream(WarmGrading.output(client), true, StandardCharsets.UTF_8).println("run");
                BufferedReader servedIn = new BufferedReader(new InputStreamReader(WarmGrading.input(served), StandardCharsets.UTF_8));
                assertEquals("run", servedIn.readLine());
                new PrintStream(WarmGrading.output(served), true, StandardCharsets.UTF_8).println("READY");
                assertEquals("READY", reply.get(10, TimeUnit.SECONDS));
            }
        }
    }
}
