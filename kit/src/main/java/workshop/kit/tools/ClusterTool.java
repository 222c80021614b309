package workshop.kit.tools;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import workshop.kit.Problem;
import workshop.kit.Processes;
import workshop.kit.Workshop;
import workshop.kit.WorkshopException;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.ClusterLayout;
import workshop.kit.cassandra.LocalCluster;
import workshop.kit.cassandra.NodeSpec;
import workshop.kit.cassandra.Preflight;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.MotoServer;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.TextTable;

/** The commands behind ./jbang up, down, status and doctor: the Cassandra cluster and the DynamoDB emulator. */
public final class ClusterTool {

    private ClusterTool() {}

    public static void main(String... args) {
        String command = args.length == 0 ? "status" : args[0];
        List<String> options = List.of(args).subList(Math.min(1, args.length), args.length);
        try {
            switch (command) {
                case "up" -> up(options);
                case "down" -> down(options);
                case "status" -> status();
                case "doctor" -> System.exit(doctor() ? 0 : 1);
                default -> {
                    System.err.println("Unknown command '" + command + "'. Use one of: up [--nodes 1|2|3], down [--leftovers], status, doctor");
                    System.exit(2);
                }
            }
        } catch (WorkshopException e) {
            Failures.report(e, System.err);
            System.exit(1);
        }
    }

    private static void up(List<String> options) {
        int i = options.indexOf("--nodes");
        int nodes = i >= 0 && i + 1 < options.size() ? Integer.parseInt(options.get(i + 1)) : LocalCluster.requestedNodes();
        LocalCluster cluster = LocalCluster.standard();
        if (!cluster.runningNodes().isEmpty()) {
            System.out.println("Already running: " + names(cluster.runningNodes()) + ". To change size: ./jbang down && ./jbang up --nodes " + nodes);
        } else {
            long started = System.nanoTime();
            System.out.printf("Starting %d Cassandra node(s)...%n", nodes);
            cluster.start(nodes);
            System.out.printf("%d node(s) ready in %.1f s.%n", nodes, (System.nanoTime() - started) / 1e9);
        }
        Cassandra cassandra = Cassandra.findOrStart();
        try (var session = cassandra.connect()) {
            System.out.println("The driver sees " + session.getMetadata().getNodes().size() + " node(s) up.");
        }
        status();
    }

    private static void down(List<String> options) {
        LocalCluster cluster = LocalCluster.standard();
        int stopped = cluster.stop();
        System.out.println(stopped == 0 ? "No node of ours was running." : "Stopped " + stopped + " node(s) and deleted their data.");
        MotoServer moto = MotoServer.standard();
        System.out.println(moto.stop() ? "Stopped the DynamoDB emulator (its tables lived in its memory)." : "No DynamoDB emulator of ours was running.");
        if (options.contains("--leftovers")) {
            int leftovers = cluster.stopLeftovers();
            System.out.println("Stopped " + leftovers + " leftover node process(es) from earlier runs.");
            System.out.println("Stopped " + moto.stopLeftovers() + " leftover DynamoDB emulator(s) from earlier runs.");
        } else if (!cluster.leftovers().isEmpty() || !moto.leftovers().isEmpty()) {
            System.out.println("Processes from an earlier run or another checkout are still running; stop them with: ./jbang down --leftovers");
        }
    }

    private static void status() {
        LocalCluster cluster = LocalCluster.standard();
        TextTable table = TextTable.of("node", "state", "pid", "CQL port", "storage port", "memory (RSS)", "data on disk");
        long totalRss = 0;
        for (NodeSpec node : cluster.layout().slots()) {
            var process = cluster.process(node);
            long rss = process.map(p -> Processes.rssBytes(p.pid())).orElse(0L);
            totalRss += rss;
            table.row(node.name(), process.isPresent() ? "running" : "stopped",
                    process.map(p -> Long.toString(p.pid())).orElse("-"), String.valueOf(node.nativePort()),
                    String.valueOf(node.storagePort()),
                    process.isPresent() ? mb(rss) : "-", mb(LocalCluster.diskBytes(node)));
        }
        table.print();
        System.out.println("  memory of our nodes together: " + mb(totalRss) + "; folder: " + cluster.layout().home());
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
        boolean answering = ours.isPresent() || Processes.listening(moto.port());
        Optional<Integer> tables = answering ? Dynamo.tableCount(URI.create("http://127.0.0.1:" + moto.port())) : Optional.empty();
        String state = ours.isPresent() ? "running" : !answering ? "stopped" : tables.isPresent() ? "answering" : "not DynamoDB";
        TextTable.of("DynamoDB emulator", "state", "pid", "port", "memory (RSS)", "tables")
                .row(ours.isPresent() || !answering ? "moto (ours)" : "not ours (a container?)", state,
                        ours.map(p -> Long.toString(p.pid())).orElse("-"), String.valueOf(moto.port()),
                        ours.map(p -> mb(Processes.rssBytes(p.pid()))).orElse("-"), tables.map(String::valueOf).orElse("-"))
                .print();
        System.out.println("  " + (answering ? "" : "lesson 06 and its tests start it when they need it; ") + "log: " + moto.logFile());
    }

    /** Prints every check with what to do about it; true when nothing blocks a 3-node start or the emulator. */
    private static boolean doctor() {
        boolean ok = true;
        System.out.println("Lesson JVM: Java " + Workshop.javaVersion() + (Workshop.javaVersion() >= 17 ? "  ok" : "  too old: install JDK 17 or newer"));
        ok &= Workshop.javaVersion() >= 17;
        ClusterLayout layout = ClusterLayout.standard();
        LocalCluster cluster = new LocalCluster(layout);
        System.out.println("Our nodes running: " + (cluster.runningNodes().isEmpty() ? "none" : names(cluster.runningNodes())));
        System.out.println("Free memory: " + Preflight.availableMemoryMb() + " MB (3 nodes need about "
                + 3 * (LocalCluster.heapMb() + 300) + " MB)");
        MotoServer moto = MotoServer.standard();
        System.out.println("DynamoDB emulator (lesson 06): " + Dynamo.configuredEndpoint().map(e -> "DYNAMODB_ENDPOINT=" + e)
                .or(() -> moto.running().map(p -> "moto running, pid " + p.pid() + ", port " + moto.port()))
                .orElseGet(() -> MotoServer.installation().detail()));
        List<Problem> problems = new ArrayList<>(Preflight.check(layout, LocalCluster.requestedNodes(), LocalCluster.heapMb()));
        problems.addAll(moto.problems());
        for (Problem problem : problems) {
            System.out.println("PROBLEM: " + problem.what());
            System.out.println("    fix: " + problem.fix());
        }
        if (problems.isEmpty()) {
            System.out.println("No problems found.");
        }
        return ok && problems.isEmpty();
    }

    private static String names(List<NodeSpec> nodes) {
        return String.join(", ", nodes.stream().map(NodeSpec::name).toList());
    }

    private static String mb(long bytes) {
        return String.format("%,d MB", bytes / (1024 * 1024));
    }
}
