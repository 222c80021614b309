package workshop.room;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
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

/**
 * ./jbang room: the instructor's live grid of the room WORKSHOP_ROOM names (learners by lessons,
 * who is stuck, the most common first failure per lesson), redrawn every few seconds; --once prints
 * it once; --serve serves it as a page that reloads itself, on 127.0.0.1 unless --bind says otherwise.
 * ./jbang room add NAME gives a learner a login on a room's cluster, which ./jbang up --room started;
 * ./jbang room export FILE.csv writes the grid as it stands, and ./jbang room reset empties the room.
 */
public final class RoomTool {

    static final String USAGE = "Usage: ./jbang room [--once] [--every SECONDS] [--stuck MINUTES]"
            + " [--serve [--port PORT] [--bind ADDRESS]], ./jbang room add NAME, room export FILE.csv or room reset";

    /** How long a lesson fails before the grid calls its learner stuck, unless --stuck says otherwise. */
    private static final Duration STUCK_AFTER = Duration.ofMinutes(10);

    private RoomTool() {}

    /** What the command line asked for. */
    record Options(boolean once, boolean serve, Duration every, Duration stuckAfter, int port, String bind) {
        static Options parse(List<String> args) {
            boolean once = false;
            boolean serve = false;
            Duration every = Duration.ofSeconds(5);
            Duration stuck = STUCK_AFTER;
            int port = 8484;
            String bind = "127.0.0.1";
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                switch (arg) {
                    case "--once" -> once = true;
                    case "--serve" -> serve = true;
                    case "--every" -> every = Duration.ofSeconds(number(args, ++i));
                    case "--stuck" -> stuck = Duration.ofMinutes(number(args, ++i));
                    case "--port" -> port = (int) number(args, ++i);
                    case "--bind" -> bind = value(args, ++i);
                    default -> throw new WorkshopException("Unknown option '" + arg + "'.", USAGE);
                }
            }
            return new Options(once, serve, every, stuck, port, bind);
        }

        private static String value(List<String> args, int i) {
            if (i >= args.size()) {
                throw new WorkshopException(args.get(i - 1) + " needs a value.", USAGE);
            }
            return args.get(i);
        }

        private static long number(List<String> args, int i) {
            String value = value(args, i);
            try {
                long number = Long.parseLong(value);
                if (number >= 0) {
                    return number;
                }
            } catch (NumberFormatException notANumber) {
                // said below
            }
            throw new WorkshopException(args.get(i - 1) + " needs a whole number, not '" + value + "'.", USAGE);
        }
    }

    public static void main(String... args) {
        if (args.length > 0 && args[0].equals("add")) {
            Failures.guard(() -> addLearner(List.of(args)));
            return;
        }
        if (args.length > 0 && (args[0].equals("export") || args[0].equals("reset"))) {
            Failures.guard(() -> exportOrReset(List.of(args)));
            return;
        }
        Failures.guard(() -> {
            Options options = Options.parse(List.of(args));
            Room room = Room.fromEnvironment().orElseThrow(() -> new WorkshopException("No room named.",
                    "export WORKSHOP_ROOM=<room name> (the name your learners export too), then ./jbang room"));
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
        });
    }

    /**
     * room export FILE.csv: the grid as it stands, a row per learner, to keep after the class.
     * room reset: forgets every check and drawing of the room, for the next class (export first).
     */
    private static void exportOrReset(List<String> options) throws IOException {
        boolean export = options.get(0).equals("export");
        if (options.size() != (export ? 2 : 1)) {
            System.err.println(export ? "Use: ./jbang room export FILE.csv (the room's grid as it stands, as CSV)"
                    : "Use: ./jbang room reset (forgets the room's checks; ./jbang room export FILE.csv first to keep them)");
            System.exit(2);
        }
        Room room = Room.fromEnvironment().orElseThrow(() -> new WorkshopException("No room named.",
                "export WORKSHOP_ROOM=<room name>, then ./jbang room " + String.join(" ", options)));
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            RoomTable table = RoomTable.create(session);
            RoomGrid grid = RoomGrid.of(room, table.checks(room), table.now(), STUCK_AFTER, RoomGrid.exerciseColumns());
            if (export) {
                Files.writeString(Path.of(options.get(1)), RoomGridCsv.render(grid));
                System.out.println("Wrote room " + room.name() + "'s grid (" + grid.learners().size() + " learners) to "
                        + options.get(1));
            } else {
                table.reset(room);
                System.out.println("Room " + room.name() + " is empty again: " + grid.checks() + " checks of "
                        + grid.learners().size() + " learners forgotten.");
            }
        }
    }

    /** room add NAME: a learner's login on the room's cluster, and the settings to give them. */
    private static void addLearner(List<String> options) {
        if (options.size() != 2 || !options.get(0).equals("add")) {
            System.err.println("Use: ./jbang room add NAME (a learner's login on the room's cluster)");
            System.exit(2);
        }
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
            CassandraSettings.Credentials login = RoomAccess.add(session, options.get(1));
            System.out.println("Learner " + login.username() + " may log in. Give them these lines (the password is kept nowhere):");
            RoomAccess.learnerSettings(contactPoints, settings.datacenter(), login).forEach(line -> System.out.println("  " + line));
        }
    }
}
