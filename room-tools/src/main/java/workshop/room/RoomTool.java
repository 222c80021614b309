package workshop.room;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import workshop.kit.Poll;
import workshop.kit.WorkshopException;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.CassandraSettings;
import workshop.kit.cassandra.ClusterException;
import workshop.kit.cassandra.LocalCluster;
import workshop.kit.cassandra.Room;
import workshop.kit.cassandra.RoomAccess;
import workshop.kit.cassandra.RoomCluster;
import workshop.kit.terminal.Failures;
import workshop.kit.tools.CommandLines;

/**
 * ./jbang room: the instructor's live grid of the room WORKSHOP_ROOM names (learners by lessons,
 * who is stuck, the most common first failure per lesson), redrawn every few seconds; --once prints
 * it once; --serve serves it as a page that reloads itself, on 127.0.0.1 unless --bind says otherwise.
 * ./jbang room add NAME gives a learner a login on a room's cluster, which ./jbang up --room started.
 */
public final class RoomTool {

    /** How long a lesson fails before the grid calls its learner stuck, unless --stuck says otherwise. */
    private static final long STUCK_MINUTES = 10;

    private RoomTool() {}

    /** What the command line asked for. */
    record Options(boolean once, boolean serve, Duration every, Duration stuckAfter, int port, String bind) {}

    public static void main(String... args) {
        int exit = CommandLines.execute(commandLine(), args);
        if (exit != 0) {
            System.exit(exit);
        } // else returns: a served page's thread keeps the JVM running
    }

    /** The room's command line, for a run and for the completion scripts. */
    public static CommandLine commandLine() {
        return new CommandLine(new Grid());
    }

    /** ./jbang room [options] and ./jbang room add NAME, on picocli: an option it does not know is refused. */
    @Command(name = "./jbang room", description = "The live grid of the room WORKSHOP_ROOM names: learners by lessons,"
            + " who is stuck, the most common first failure per lesson.",
            footer = {"Examples:", "  WORKSHOP_ROOM=monday ./jbang room --once", "  ./jbang room --serve --bind 0.0.0.0",
                    "  ./jbang room add ana", "  ./jbang room export monday.csv", "  ./jbang room reset"})
    static final class Grid implements Callable<Integer> {

        @Option(names = {"-h", "--help"}, usageHelp = true, scope = ScopeType.INHERIT, description = "Show this help and exit.")
        boolean help;

        @Spec
        CommandSpec spec;

        @Option(names = "--once", description = "Print the grid once, then exit")
        boolean once;

        @Option(names = "--every", paramLabel = "SECONDS", description = "Redraw every SECONDS (default: 5)")
        long every = 5;

        @Option(names = "--stuck", paramLabel = "MINUTES", description = "Stuck after MINUTES on one lesson (default: 10)")
        long stuck = STUCK_MINUTES;

        @Option(names = "--serve", description = "Serve the grid as a page that reloads itself")
        boolean serve;

        @Option(names = "--port", paramLabel = "PORT", description = "The page's port (default: 8484)")
        int port = 8484;

        @Option(names = "--bind", paramLabel = "ADDRESS", description = "The page's address (default: 127.0.0.1)")
        String bind = "127.0.0.1";

        @Override
        public Integer call() throws IOException {
            if (every < 0 || stuck < 0 || port < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--every, --stuck and --port need a whole number, not a negative one.");
            }
            grid(new Options(once, serve, Duration.ofSeconds(every), Duration.ofMinutes(stuck), port, bind));
            return 0;
        }

        @Command(name = "add", description = "A learner's login on a room's cluster (./jbang up --room started it),"
                + " and the settings to give them.", footer = {"Example:", "  ./jbang room add ana"})
        int add(@Parameters(paramLabel = "NAME", description = "The learner's login name") String name) {
            addLearner(name);
            return 0;
        }

        @Command(name = "export", description = "The room's grid as it stands, a row per learner, as CSV: to keep after the class.",
                footer = {"Example:", "  ./jbang room export monday.csv"})
        int export(@Parameters(paramLabel = "FILE", description = "The CSV file to write") Path file) throws IOException {
            exportGrid(file);
            return 0;
        }

        @Command(name = "reset", description = "Forget every check and drawing of the room, for the next class"
                + " (export it first to keep it).", footer = {"Example:", "  ./jbang room reset"})
        int reset() {
            resetRoom();
            return 0;
        }
    }

    private static void grid(Options options) throws IOException {
        Room room = namedRoom("");
        CqlSession session = Cassandra.findOrStart().connect();
        RoomTable table = RoomTable.create(session);
        Supplier<RoomGrid> grid = () -> RoomGrid.of(room, table.checks(room), table.now(), options.stuckAfter(),
                RoomGrid.exerciseColumns());
        if (options.serve()) {
            var server = RoomServer.start(new InetSocketAddress(options.bind(), options.port()),
                    () -> RoomGridPage.render(grid.get(), table.drawings(room), options.every()),
                    learner -> table.drawing(room, learner));
            System.out.println("Serving room " + room.name() + " at http://" + options.bind() + ":"
                    + server.getAddress().getPort() + "/ (Ctrl-C stops)");
            return; // the server's thread keeps the JVM running
        }
        if (options.once()) {
            RoomGridText.render(grid.get()).forEach(System.out::println);
            session.close();
            return;
        }
        do {
            List<String> lines;
            try {
                lines = RoomGridText.render(grid.get());
            } catch (RuntimeException failure) {
                // A node restarting should not end the instructor's view: say so, try again next round.
                lines = List.of(RoomGridText.fit("Could not read the room: " + Failures.explain(failure).what()));
            }
            System.out.print("\033[H\033[2J"); // home and clear: the grid redraws in place
            lines.forEach(System.out::println);
            System.out.println("(every " + options.every().toSeconds() + " s; Ctrl-C stops)");
        } while (Poll.sleep(options.every()));
    }

    /** room export FILE.csv: the grid as it stands, a row per learner, to keep after the class. */
    private static void exportGrid(Path file) throws IOException {
        Room room = namedRoom("export " + file);
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            RoomTable table = RoomTable.create(session);
            RoomGrid grid = gridNow(table, room);
            Files.writeString(file, RoomGridCsv.render(grid));
            System.out.println("Wrote room " + room.name() + "'s grid (" + grid.learners().size() + " learners) to " + file);
        }
    }

    /** room reset: forgets every check and drawing of the room, for the next class. */
    private static void resetRoom() {
        Room room = namedRoom("reset");
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            RoomTable table = RoomTable.create(session);
            RoomGrid grid = gridNow(table, room);
            table.reset(room);
            System.out.println("Room " + room.name() + " is empty again: " + grid.checks() + " checks of "
                    + grid.learners().size() + " learners forgotten.");
        }
    }

    private static RoomGrid gridNow(RoomTable table, Room room) {
        return RoomGrid.of(room, table.checks(room), table.now(), Duration.ofMinutes(STUCK_MINUTES), RoomGrid.exerciseColumns());
    }

    private static Room namedRoom(String command) {
        return Room.fromEnvironment().orElseThrow(() -> new WorkshopException("No room named.",
                ("export WORKSHOP_ROOM=<room name> (the name your learners export too), then ./jbang room " + command).strip()));
    }

    /** room add NAME: a learner's login on the room's cluster, and the settings to give them. */
    private static void addLearner(String name) {
        CassandraSettings settings = CassandraSettings.fromEnvironment();
        LocalCluster local = LocalCluster.standard();
        Optional<RoomCluster> room = local.room();
        if (!settings.remote() && room.isEmpty()) {
            throw new ClusterException("No room's cluster runs in this checkout, so there is nobody to add a login to.",
                    "./jbang up --room --listen ADDRESS (the address learners reach; see docs/instructor-guide.md)");
        }
        List<InetSocketAddress> contactPoints = settings.remote() ? settings.contactPoints()
                : local.layout().nodes(local.expectedNodes()).stream()
                        .map(n -> InetSocketAddress.createUnresolved(room.orElseThrow().address(), n.nativePort())).toList();
        try (CqlSession session = Cassandra.findOrStart(settings).connect()) {
            CassandraSettings.Credentials login = RoomAccess.add(session, name);
            System.out.println("Learner " + login.username() + " may log in. Give them these lines (the password is kept nowhere):");
            RoomAccess.learnerSettings(contactPoints, settings.datacenter(), login).forEach(line -> System.out.println("  " + line));
        }
    }
}
