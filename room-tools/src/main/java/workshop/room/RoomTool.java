package workshop.room;

import com.datastax.oss.driver.api.core.CqlSession;
import com.sun.net.httpserver.HttpServer;
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
import workshop.kit.Workshop;
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
 * ./jbang room serve serves instead a room that learners' own checks feed over HTTP (their nodes
 * their own): room code NAME gives a learner a join code, room join URL CODE joins, room send
 * sends what waits.
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
                    "  ./jbang room add ana", "  ./jbang room export monday.csv", "  ./jbang room reset",
                    "  ./jbang room serve --bind 0.0.0.0", "  ./jbang room code ana",
                    "  ./jbang room join http://192.168.1.20:8484 ana-4f1c0a9e2b7d6c3a5e8f0b1d"})
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

        @Command(name = "serve", description = "Serve a room that learners' own checks feed over HTTP, whether their"
                + " nodes are theirs or the room's: the grid at /, as text at /grid.txt, as CSV at /grid.csv."
                + " Grades are kept in .workshop/room-server, so a restart loses none.",
                footer = {"Examples:", "  ./jbang room serve --bind 0.0.0.0", "  ./jbang room code ana"})
        int serve(@Option(names = "--port", paramLabel = "PORT", description = "The port (default: 8484)") Integer servePort,
                  @Option(names = "--bind", paramLabel = "ADDRESS", description = "The address (default: 127.0.0.1;"
                          + " 0.0.0.0 for every interface)") String serveBind) {
            int chosen = servePort == null ? 8484 : servePort;
            if (chosen < 0 || chosen > 65535 || every < 0 || stuck < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--port needs 0 to 65535, --every and --stuck a whole number, not a negative one.");
            }
            serveGrades(serveBind == null ? "127.0.0.1" : serveBind, chosen, Duration.ofMinutes(stuck), Duration.ofSeconds(every));
            return 0;
        }

        @Command(name = "code", description = "A learner's join code for the room ./jbang room serve serves (a new"
                + " code replaces the learner's old one), and the line to give them.",
                footer = {"Example:", "  ./jbang room code ana"})
        int code(@Parameters(paramLabel = "NAME", description = "The learner's name: 1-20 of a-z, 0-9 and _") String name) {
            Path folder = servedFolder();
            String code = RoomLedger.open(folder).addLearner(name);
            String url = Files.exists(folder.resolve("url")) ? read(folder.resolve("url")) : "http://ADDRESS:8484";
            System.out.println("Learner " + name + " joins the room with this line (the code is kept nowhere, only its hash):");
            System.out.println("  ./jbang room join " + url + " " + code);
            return 0;
        }

        @Command(name = "join", description = "Join the room your instructor serves: from then on every ./jbang check"
                + " sends its grade there (kept and sent later when the room does not answer).",
                footer = {"Example:", "  ./jbang room join http://192.168.1.20:8484 ana-4f1c0a9e2b7d6c3a5e8f0b1d"})
        int join(@Parameters(paramLabel = "URL", description = "The room's address, as the instructor gives it") String url,
                 @Parameters(paramLabel = "CODE", description = "Your join code") String code) {
            System.out.println(new RoomClient(Workshop.root()).join(url, code)
                    + " Every ./jbang check now sends its grade to the room.");
            return 0;
        }

        @Command(name = "send", description = "Send the grades that wait because the room did not answer"
                + " (every check also tries).", footer = {"Example:", "  ./jbang room send"})
        int send() {
            RoomClient.Sent sent = new RoomClient(Workshop.root()).send();
            System.out.println(sent.sent() + " grade" + (sent.sent() == 1 ? "" : "s") + " sent to the room.");
            sent.why().ifPresent(why -> why.lines().map(RoomGridText::fit).forEach(System.out::println));
            return sent.why().isPresent() ? 1 : 0;
        }

        @Command(name = "export", description = "The room's grid as it stands, a row per learner, as CSV: to keep after the class"
                + " (the room room serve serves, when it ran in this checkout).",
                footer = {"Example:", "  ./jbang room export monday.csv"})
        int export(@Parameters(paramLabel = "FILE", description = "The CSV file to write") Path file) throws IOException {
            exportGrid(file);
            return 0;
        }

        @Command(name = "reset", description = "Forget every check and drawing of the room, for the next class"
                + " (export it first to keep it); the grades room serve kept, when it ran in this checkout.", footer = {"Example:", "  ./jbang room reset"})
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

    /** The folder ./jbang room serve keeps its learners' codes and grades in. */
    private static Path servedFolder() {
        return Workshop.stateDir().resolve("room-server");
    }

    /** room serve: the room learners' checks feed over HTTP, until Ctrl-C. */
    private static void serveGrades(String bind, int port, Duration stuckAfter, Duration refresh) {
        Room room = servedRoom();
        Path folder = servedFolder();
        RoomLedger ledger = RoomLedger.open(folder);
        ledger.serve(); // held until this JVM ends, so a reset elsewhere refuses meanwhile
        HttpServer server;
        try {
            server = GradeServer.start(new InetSocketAddress(bind, port), room, ledger, stuckAfter, refresh);
        } catch (IOException | IllegalArgumentException e) {
            throw new WorkshopException("Cannot serve the room at " + bind + ":" + port + ": " + e.getMessage() + ".",
                    "./jbang room serve --port OTHER, or --bind an address of this machine (ip addr lists them)");
        }
        String host = bind.equals("0.0.0.0") ? "ADDRESS" : bind;
        String url = "http://" + host + ":" + server.getAddress().getPort();
        write(folder.resolve("url"), url);
        System.out.println("Serving room " + room.name() + " at " + url + "/ (" + ledger.checks().size()
                + " grades kept in " + Workshop.root().relativize(folder) + "; Ctrl-C stops)");
        System.out.println("Give each learner a join code: ./jbang room code NAME");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text + "\n");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Whether this checkout serves a room over HTTP (room serve or room code ran here): export and reset act on it. */
    private static boolean servesARoom() {
        return Files.isDirectory(servedFolder());
    }

    private static Room servedRoom() {
        return Room.fromEnvironment().orElse(new Room("room"));
    }

    /** room export FILE.csv: the grid as it stands, a row per learner, to keep after the class. */
    private static void exportGrid(Path file) throws IOException {
        if (servesARoom()) {
            Room room = servedRoom();
            RoomGrid grid = GradeServer.grid(room, RoomLedger.open(servedFolder()), Duration.ofMinutes(STUCK_MINUTES));
            writeCsv(file, room, grid);
            return;
        }
        Room room = namedRoom("export " + file);
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            RoomTable table = RoomTable.create(session);
            writeCsv(file, room, gridNow(table, room));
        }
    }

    private static void writeCsv(Path file, Room room, RoomGrid grid) throws IOException {
        Files.writeString(file, RoomGridCsv.render(grid));
        System.out.println("Wrote room " + room.name() + "'s grid (" + grid.learners().size() + " learners) to " + file);
    }

    /** room reset: forgets every check and drawing of the room, for the next class. */
    private static void resetRoom() {
        if (servesARoom()) {
            int forgotten = RoomLedger.open(servedFolder()).forget();
            System.out.println("Room " + servedRoom().name() + " is empty again: " + forgotten + " grades forgotten"
                    + " (the learners' join codes still work).");
            return;
        }
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
