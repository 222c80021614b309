package workshop.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workshop.kit.Workshop;
import workshop.kit.cassandra.Room;

/**
 * The room over a real network: two network namespaces joined by a veth pair, 10.213.0.1 (the
 * instructor's machine: a one-node room's cluster started with up --listen, and room serve) and
 * 10.213.0.2 (a learner's machine, which reaches nothing else). From the learner's side the driver
 * sees every node at the address it can reach, a wrong join code is refused, and a check's grade
 * sent over HTTP puts the learner on the room's grid. Needs root and iproute2 (CI has both); about
 * 70 s, most of it the node starting. Everything it starts is stopped and both namespaces deleted,
 * whatever happens.
 */
class RoomOverNetworkTest {

    private static final String INSTRUCTOR = "10.213.0.1";
    private static final String LEARNER = "10.213.0.2";
    private static final Duration STEP = Duration.ofMinutes(4);

    private final String id = UUID.randomUUID().toString().substring(0, 6);
    private final String instructorNs = "wsroom-a-" + id;
    private final String learnerNs = "wsroom-b-" + id;
    private final List<String> created = new ArrayList<>();
    private final List<Process> started = new ArrayList<>();

    @TempDir
    Path instructorHome;
    @TempDir
    Path learnerHome;

    @Test
    void aLearnerOnAnotherNetworkJoinsAndAppearsOnTheGridAfterOneCheck() throws Exception {
        assumeTrue(System.getProperty("user.name").equals("root"), "needs root to create network namespaces (CI runs as root)");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip"))
                || Files.isExecutable(Path.of("/usr/bin/ip")), "needs iproute2's ip command");
        long begin = System.nanoTime();
        network();
        home();

        run(instructorNs, Map.of("WORKSHOP_NODES", "1"), "workshop.kit.tools.ClusterTool", "up", "--listen", INSTRUCTOR);
        String login = run(instructorNs, Map.of(), "workshop.room.RoomTool", "add", "ana");
        String password = match(login, "export CASSANDRA_PASSWORD=(\\S+)");
        assertTrue(login.contains("export CASSANDRA_CONTACT_POINTS=" + INSTRUCTOR + ":9042"), "the login names the address: " + login);

        Process server = start(instructorNs, Map.of(), "workshop.room.RoomTool", "serve", "--bind", INSTRUCTOR);
        String serving = CompletableFuture.supplyAsync(() -> firstLine(server)).get(STEP.toSeconds(), TimeUnit.SECONDS);
        assertTrue(serving.startsWith("Serving room room at http://" + INSTRUCTOR + ":8484/"), serving);
        String code = match(run(instructorNs, Map.of(), "workshop.room.RoomTool", "code", "ana"),
                "room join http://" + INSTRUCTOR + ":8484 (\\S+)");

        String learner = run(learnerNs, Map.of("CASSANDRA_CONTACT_POINTS", INSTRUCTOR + ":9042", "CASSANDRA_USERNAME", "ana",
                "CASSANDRA_PASSWORD", password, "WORKSHOP_HOME", learnerHome.toString()),
                "workshop.room.NetworkLearner", "http://" + INSTRUCTOR + ":8484", code, learnerHome.toString());
        assertEquals(List.of("node " + INSTRUCTOR + ":9042 UP"), learner.lines().filter(l -> l.startsWith("node ")).toList(),
                "the driver sees every node at the address the learner reaches: " + learner);
        assertTrue(learner.contains("wrong code: The room at http://" + INSTRUCTOR + ":8484 refused your join code (HTTP 403)"),
                learner);
        assertTrue(learner.contains("joined: Joined room room as ana.") && learner.contains("room: recorded"), learner);

        RoomGrid grid = GradeServer.grid(new Room("room"), RoomLedger.open(instructorHome.resolve(".workshop/room-server")),
                Duration.ofMinutes(10));
        assertEquals(List.of("ana"), grid.learners().stream().map(RoomGrid.LearnerRow::learner).toList());
        assertEquals(RoomGrid.State.FAILING, grid.learners().get(0).cells().get(0).state());
        System.out.printf("The room over a veth pair: %.0f s%n", (System.nanoTime() - begin) / 1e9);
    }

    /** Two namespaces, each with its loopback up, joined by a veth pair with the test's addresses. */
    private void network() throws Exception {
        for (String ns : List.of(instructorNs, learnerNs)) {
            ip("netns", "add", ns);
            created.add(ns);
            ip("-n", ns, "link", "set", "lo", "up");
        }
        String a = "wsr" + id + "a";
        String b = "wsr" + id + "b";
        ip("link", "add", a, "type", "veth", "peer", "name", b);
        ip("link", "set", a, "netns", instructorNs);
        ip("link", "set", b, "netns", learnerNs);
        ip("-n", instructorNs, "addr", "add", INSTRUCTOR + "/24", "dev", a);
        ip("-n", learnerNs, "addr", "add", LEARNER + "/24", "dev", b);
        ip("-n", instructorNs, "link", "set", a, "up");
        ip("-n", learnerNs, "link", "set", b, "up");
    }

    /**
     * The instructor's checkout for the namespace: its own .workshop (a cluster and a room of its
     * own, never this checkout's). The server's classpath this checkout resolved is reused; when it
     * resolved none yet, the Maven wrapper and the server's pom are linked so the node resolves it
     * from the local repository (the namespace reaches no other).
     */
    private void home() throws IOException {
        Path root = Workshop.root();
        Path classpath = root.resolve(".workshop/cassandra/server.classpath");
        if (Files.exists(classpath)) {
            Files.createDirectories(instructorHome.resolve(".workshop/cassandra"));
            Files.copy(classpath, instructorHome.resolve(".workshop/cassandra/server.classpath"));
            return;
        }
        for (String name : List.of("mvnw", ".mvn", "kit")) {
            Files.createSymbolicLink(instructorHome.resolve(name), root.resolve(name));
        }
    }

    @AfterEach
    void tearDown() throws Exception {
        if (created.contains(instructorNs)) {
            try {
                run(instructorNs, Map.of("WORKSHOP_NODES", "1"), "workshop.kit.tools.ClusterTool", "down");
            } catch (AssertionError | IOException stopFailed) {
                System.err.println("down failed (the namespace's processes are killed below): " + stopFailed.getMessage());
            }
        }
        started.forEach(Process::destroyForcibly);
        for (String ns : created) {
            // Deleting a namespace does not end its processes: whatever still runs in it is killed first.
            String pids = new String(new ProcessBuilder("ip", "netns", "pids", ns).start().getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8);
            pids.lines().map(String::strip).filter(p -> !p.isEmpty()).map(Long::parseLong)
                    .forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            new ProcessBuilder("ip", "netns", "del", ns).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static void ip(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Process ip = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(ip.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(ip.waitFor(30, TimeUnit.SECONDS) && ip.exitValue() == 0, String.join(" ", command) + ": " + said);
    }

    /** Runs a main class of this classpath in the namespace until it ends; returns what it printed. */
    private String run(String ns, Map<String, String> env, String main, String... args) throws Exception {
        Process process = start(ns, env, main, args);
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(STEP.toSeconds(), TimeUnit.SECONDS), main + " took more than " + STEP + ": " + said);
        assertEquals(0, process.exitValue(), main + " " + String.join(" ", args) + " failed: " + said);
        return said;
    }

    /** A JVM of this classpath in the namespace, as the instructor's checkout (WORKSHOP_HOME) unless env says otherwise. */
    private Process start(String ns, Map<String, String> env, String main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", ns,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"), main));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // Only what the test sets: none of this run's cluster, room or login settings reaches the namespace.
        builder.environment().keySet().removeIf(k -> k.startsWith("WORKSHOP_") || k.startsWith("CASSANDRA_") || k.startsWith("AWS_"));
        builder.environment().put("WORKSHOP_HOME", instructorHome.toString());
        builder.environment().putAll(env);
        Process process = builder.start();
        started.add(process);
        return process;
    }

    /** The first line a process prints (the rest stays in its pipe: a few lines at most). */
    private static String firstLine(Process process) {
        try {
            return Optional.ofNullable(process.inputReader(StandardCharsets.UTF_8).readLine()).orElse("(ended without a word)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String match(String text, String regex) {
        Matcher found = Pattern.compile(regex).matcher(text);
        assertTrue(found.find(), "expected " + regex + " in: " + text);
        return found.group(1);
    }
}
