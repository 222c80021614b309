package workshop.kit.tools;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import workshop.kit.ManagedProcess;
import workshop.kit.Platform;
import workshop.kit.Ports;
import workshop.kit.Problem;
import workshop.kit.Workshop;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.CassandraSettings;
import workshop.kit.cassandra.ClusterException;
import workshop.kit.cassandra.ClusterLayout;
import workshop.kit.cassandra.LocalCluster;
import workshop.kit.cassandra.NodeSpec;
import workshop.kit.cassandra.Preflight;
import workshop.kit.cassandra.RoomAccess;
import workshop.kit.cassandra.RoomCluster;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.MotoServer;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

/**
 * The commands behind ./jbang up, down, status and doctor: the Cassandra cluster and the DynamoDB
 * emulator. Their options are picocli's, so a typo is refused with the nearest option.
 */
@Command(name = "./jbang", description = "The local stores: a Cassandra cluster and a DynamoDB emulator.")
public final class ClusterTool {

    private static final String HELP = "Show this help and exit.";

    private ClusterTool() {}

    public static void main(String... args) {
        String[] command = args.length == 0 ? new String[] {"status"} : args;
        System.exit(CommandLines.execute(commandLine(), command));
    }

    public static CommandLine commandLine() {
        return new CommandLine(new ClusterTool());
    }

    @Command(name = "up", description = "Start the local Cassandra cluster (3 nodes unless told otherwise), or restart"
            + " the nodes of a stopped one with their data.", footer = {"Examples:", "  ./jbang up --nodes 1",
                    "  ./jbang up --room --listen 192.168.1.20"})
    int up(@Option(names = "--nodes", paramLabel = "N", description = "1, 2 or 3 nodes (default: WORKSHOP_NODES, else 3)")
           String nodes,
           @Option(names = "--room", description = "A room's cluster: logins and permissions on") boolean room,
           @Option(names = "--listen", paramLabel = "ADDRESS", description = "A room reached at ADDRESS (implies --room)")
           String listen,
           @Option(names = {"-h", "--help"}, usageHelp = true, description = HELP) boolean help) {
        Optional<Integer> asked = Optional.ofNullable(nodes).map(n -> ClusterLayout.validNodes(n, "--nodes"));
        Optional<RoomCluster> asRoom = listen != null ? Optional.of(RoomCluster.at(listen))
                : room ? Optional.of(new RoomCluster(RoomCluster.LOCAL)) : Optional.empty();
        up(asked, asRoom);
        return 0;
    }

    @Command(name = "down", description = "Stop our Cassandra nodes, the DynamoDB emulator and the waiting grading JVM,"
            + " and delete their data.", footer = {"Example:", "  ./jbang down --leftovers"})
    int down(@Option(names = "--leftovers", description = "Also stop node and emulator processes no checkout manages")
             boolean leftovers,
             @Option(names = {"-h", "--help"}, usageHelp = true, description = HELP) boolean help) {
        down(leftovers);
        return 0;
    }

    @Command(name = "status", description = "Nodes and the DynamoDB emulator: pids, ports, memory, data.")
    int status(@Option(names = {"-h", "--help"}, usageHelp = true, description = HELP) boolean help) {
        status();
        return 0;
    }

    @Command(name = "doctor", description = "Check Java, memory, ports, leftover nodes and moto, with the fix for each"
            + " (exit 1 when something blocks a start).")
    int doctor(@Option(names = {"-h", "--help"}, usageHelp = true, description = HELP) boolean help) {
        return doctor() ? 0 : 1;
    }

    /** The stores' part of the offline kit (tools/prefetch): the server's jars, a JDK for the nodes, moto. */
    @Command(name = "prefetch", hidden = true)
    int prefetch() {
        System.out.println(LocalCluster.fetchServer());
        System.out.println(workshop.kit.dynamo.MotoInstall.standard().prefetch());
        return 0;
    }

    private static void up(Optional<Integer> asked, Optional<RoomCluster> room) {
        LocalCluster cluster = LocalCluster.standard();
        long started = System.nanoTime();
        if (cluster.runningNodes().isEmpty()) {
            OptionalInt size = asked.map(OptionalInt::of).orElseGet(LocalCluster::askedNodes);
            String forRoom = room.map(r -> " for a room, logins on, clients on " + r.address()).orElse("");
            cluster.start(size, room, line -> System.out.println(line + forRoom + "..."))
                    .ifPresent(plan -> System.out.printf("%d node(s) ready in %.1f s.%n", plan.nodes(), seconds(started)));
        } else if (!cluster.missingNodes().isEmpty()) {
            System.out.println("Restarting " + names(cluster.missingNodes()) + " with the data on disk...");
            List<NodeSpec> healed = cluster.heal();
            System.out.printf("%s back in %.1f s.%n", names(healed), seconds(started));
        } else {
            System.out.println("Already running: " + names(cluster.runningNodes()) + ".");
        }
        int size = cluster.expectedNodes();
        if (asked.isPresent() && asked.get() != size) {
            System.out.println("The cluster has " + size + " node(s). For " + asked.get()
                    + " (deletes the data): ./jbang down && ./jbang up --nodes " + asked.get());
        }
        if (room.isPresent() && !room.equals(cluster.room())) {
            System.out.println("The running cluster is " + cluster.room().map(r -> "a room on " + r.address()).orElse("not a room's")
                    + ". For a room on " + room.get().address() + " (deletes the data): ./jbang down && ./jbang up --listen "
                    + room.get().address());
        }
        cluster.room().ifPresent(r -> secureRoom(cluster, r));
        try (var session = Cassandra.findOrStart().connect()) {
            System.out.println("The driver sees " + Cassandra.nodesUp(session) + " node(s) up.");
        }
        status();
    }

    /** The room's admin login, said once, when it replaces the default superuser. */
    private static void secureRoom(LocalCluster cluster, RoomCluster room) {
        boolean fresh = RoomAccess.admin(cluster).isEmpty();
        CassandraSettings.Credentials admin = RoomAccess.secure(cluster);
        System.out.println("A room's cluster: every client logs in; learners reach it at " + room.address() + ".");
        if (fresh) {
            System.out.println("Admin login, for you only (the default superuser cassandra is dropped):");
            System.out.println("  user " + admin.username() + ", password " + admin.password());
        }
        System.out.println("Commands run here log in as " + admin.username() + " by themselves. Each learner: ./jbang room add NAME");
    }

    /**
     * The runner's warm grading JVM, by the folder and marker key the runner gives it (its WarmJvmClient):
     * written out here because the runner builds on the kit, so the kit cannot ask it; the runner's
     * WarmJvmClientTest fails when the two differ. Stopped at once: it holds nothing worth a graceful end.
     */
    public static ManagedProcess warmGrader() {
        return new ManagedProcess("the warm grading JVM", "workshop.grading", Workshop.stateDir().resolve("check/warm"));
    }

    private static void down(boolean leftovers) {
        LocalCluster cluster = LocalCluster.standard();
        long started = System.nanoTime();
        int stopped = cluster.stop();
        System.out.println(stopped == 0 ? "No node of ours was running."
                : String.format("Stopped %d node(s) and deleted their data in %.1f s.", stopped, seconds(started)));
        MotoServer moto = MotoServer.standard();
        System.out.println(moto.stop() ? "Stopped the DynamoDB emulator (its tables lived in its memory)."
                : "No DynamoDB emulator of ours was running.");
        if (warmGrader().stop(Duration.ZERO)) {
            System.out.println("Stopped the warm grading JVM that waited for the next ./jbang check.");
        }
        if (leftovers) {
            System.out.println("Stopped " + cluster.stopLeftovers() + " leftover node process(es) from earlier runs.");
            System.out.println("Stopped " + moto.stopLeftovers() + " leftover DynamoDB emulator(s) from earlier runs.");
        } else if (!cluster.leftovers().isEmpty() || !moto.leftovers().isEmpty()) {
            System.out.println("Processes no checkout manages are still running; stop them with: ./jbang down --leftovers");
        }
        elsewhere(cluster, moto).ifPresent(System.out::println);
    }

    private static void status() {
        LocalCluster cluster = LocalCluster.standard();
        List<NodeSpec> missing = cluster.missingNodes();
        TextTable table = TextTable.of("node", "state", "pid", "CQL port", "storage port", "memory (RSS)", "data on disk");
        long totalRss = 0;
        for (NodeSpec node : cluster.layout().slots()) {
            var process = cluster.process(node);
            long rss = process.map(p -> Platform.rssBytes(p.pid())).orElse(0L);
            totalRss += rss;
            String state = process.isPresent() ? "running" : missing.contains(node) ? "DOWN" : "stopped";
            table.row(node.name(), state, process.map(p -> Long.toString(p.pid())).orElse("-"),
                    String.valueOf(node.nativePort()), String.valueOf(node.storagePort()),
                    process.isPresent() ? mb(rss) : "-", mb(node.diskBytes()));
        }
        for (ManagedProcess.Marked orphan : cluster.orphans()) {
            long rss = Platform.rssBytes(orphan.pid());
            totalRss += rss;
            table.row(orphan.folder().getFileName().toString(), "ORPHAN", Long.toString(orphan.pid()), "-", "-", mb(rss), "-");
        }
        table.print();
        System.out.println("  memory of our nodes together: " + mb(totalRss) + "; folder: " + cluster.layout().home());
        cluster.room().ifPresent(room -> System.out.println("  a room's cluster (logins on) at " + room.address()
                + "; a learner's login: ./jbang room add NAME"));
        if (!missing.isEmpty()) {
            System.out.println("  " + names(missing) + " of the running cluster is down; ./jbang up restarts it with its data.");
        }
        if (!cluster.orphans().isEmpty()) {
            System.out.println("  ORPHAN: a node process of this checkout outside the cluster; ./jbang down stops it.");
        }
        System.out.println();
        dynamoStatus();
    }

    private static void dynamoStatus() {
        Optional<String> endpoint = Dynamo.configuredEndpoint();
        if (endpoint.isPresent()) {
            System.out.println("DynamoDB: DYNAMODB_ENDPOINT=" + endpoint.get() + " (yours: never started or stopped by us)");
            return;
        }
        MotoServer moto = MotoServer.standard();
        Optional<ProcessHandle> ours = moto.running();
        boolean answering = ours.isPresent() || Ports.listening(moto.port());
        Optional<Integer> tables = answering ? Dynamo.tableCount(URI.create("http://127.0.0.1:" + moto.port())) : Optional.empty();
        String state = ours.isPresent() ? "running" : !answering ? "stopped" : tables.isPresent() ? "answering" : "not DynamoDB";
        TextTable.of("DynamoDB emulator", "state", "pid", "port", "memory (RSS)", "tables")
                .row(ours.isPresent() || !answering ? "moto (ours)" : "not ours (a container?)", state,
                        ours.map(p -> Long.toString(p.pid())).orElse("-"), String.valueOf(moto.port()),
                        ours.map(p -> mb(Platform.rssBytes(p.pid()))).orElse("-"), tables.map(String::valueOf).orElse("-"))
                .print();
        if (!answering) {
            System.out.println("  lessons 06-08 and their tests start it when they need it");
        }
        System.out.println("  log: " + moto.logFile());
    }

    /** Prints every check with what to do about it; true when nothing blocks a start of the nodes or the emulator. */
    private static boolean doctor() {
        boolean ok = Workshop.javaVersion() >= 17;
        System.out.println("Lesson JVM: Java " + Workshop.javaVersion() + (ok ? "  ok" : "  too old: install JDK 17 or newer"));
        System.out.println("Nodes' JDK: " + Preflight.nodeJdk());
        LocalCluster cluster = LocalCluster.standard();
        int nodes = LocalCluster.requestedNodes();
        System.out.println("Our nodes running: " + (cluster.runningNodes().isEmpty() ? "none" : names(cluster.runningNodes())));
        System.out.println("Free memory: " + Preflight.availableMemoryMb() + " MB (" + nodes + " node(s) need about "
                + Preflight.neededMb(nodes, LocalCluster.heapMb()) + " MB)");
        MotoServer moto = MotoServer.standard();
        System.out.println("DynamoDB emulator (lessons 06-08): " + Dynamo.configuredEndpoint().map(e -> "DYNAMODB_ENDPOINT=" + e)
                .or(() -> moto.running().map(p -> "moto running, pid " + p.pid() + ", port " + moto.port()))
                .orElseGet(() -> MotoServer.installation().detail()));
        cluster.lastFailedStart().ifPresent(failure -> print("Last failed start: ", failure.lines().findFirst().orElse("")
                + " (all of it: " + cluster.layout().home().resolve("last-failed-start.txt") + ")"));
        elsewhere(cluster, moto).ifPresent(System.out::println);
        List<Problem> problems = new ArrayList<>();
        if (cluster.runningNodes().isEmpty()) {
            try {
                System.out.println("Next start: " + cluster.nextStart(LocalCluster.askedNodes()).announce() + ".");
            } catch (ClusterException refused) {
                problems.add(refused.problem());
            }
        }
        if (!cluster.missingNodes().isEmpty()) {
            problems.add(new Problem(names(cluster.missingNodes()) + " of the running cluster is down.",
                    "./jbang up (restarts it with its data)"));
        }
        int port = cluster.layout().node(1).nativePort();
        boolean reused = cluster.runningNodes().isEmpty() && Ports.listening(port);
        if (reused) {
            // Lessons use what answers there, so its ports are no problem; only leftovers are.
            System.out.println("Lessons use the cluster that answers on 127.0.0.1:" + port + " (not started here).");
        }
        problems.addAll(reused ? Preflight.leftoverProblems(cluster.layout())
                : Preflight.check(cluster.layout(), nodes, LocalCluster.heapMb()));
        problems.addAll(moto.problems());
        for (Problem problem : problems) {
            print("PROBLEM: ", problem.what());
            print("    fix: ", problem.fix());
        }
        if (problems.isEmpty()) {
            System.out.println("No problems found.");
        }
        return ok && problems.isEmpty();
    }

    /** Other checkouts' live nodes and emulators: mentioned, never touched. */
    private static Optional<String> elsewhere(LocalCluster cluster, MotoServer moto) {
        int nodes = cluster.managedElsewhere().size();
        int emulators = moto.managedElsewhere().size();
        return nodes + emulators == 0 ? Optional.empty() : Optional.of("Other checkouts run " + nodes
                + " node(s) and " + emulators + " DynamoDB emulator(s); they are theirs and left alone.");
    }

    /** One item of a report, wrapped to the terminal's width under its label. */
    private static void print(String label, String text) {
        String indent = " ".repeat(label.length());
        List<String> lines = Story.wrap(text, Failures.COLUMNS - label.length());
        for (int i = 0; i < lines.size(); i++) {
            System.out.println((i == 0 ? label : indent) + lines.get(i));
        }
    }

    private static String names(List<NodeSpec> nodes) {
        return String.join(", ", nodes.stream().map(NodeSpec::name).toList());
    }

    private static double seconds(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1e9;
    }

    private static String mb(long bytes) {
        return String.format("%,d MB", bytes / (1024 * 1024));
    }
}
