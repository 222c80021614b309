package workshop.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workshop.kit.tools.ClusterTool;

class WarmJvmClientTest {

    private static final Map<String, String> ENV = Map.of("WORKSHOP_NAMESPACE", "ann", "CASSANDRA_CONTACT_POINTS",
            "127.0.0.1:9042", "PWD", "/home/ann", "TERM", "xterm");

    private static String key(String javaHome, String classPath, Map<String, String> env, String stamp) {
        return WarmJvmClient.key(javaHome, classPath, env, entry -> stamp);
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
        assertTrue(WarmJvmClient.adoptable(started, "abc1"));
        assertFalse(WarmJvmClient.adoptable(started, "abc"));
        assertFalse(WarmJvmClient.adoptable(started, "abc12"));
        assertFalse(WarmJvmClient.adoptable(List.of(), "abc1"), "a process whose arguments the OS does not give");
    }

    @Test
    void downStopsTheWarmGradingJvmTheRunnerLeaves() {
        assertEquals(WarmJvmClient.process().marker(), ClusterTool.warmGrader().marker(),
                "./jbang down finds the warm grading JVM by the folder and marker key the runner gives it");
    }
}
