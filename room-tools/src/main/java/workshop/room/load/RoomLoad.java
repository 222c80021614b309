package workshop.room.load;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import workshop.kit.Workshop;
import workshop.kit.WorkshopException;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.Room;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;
import workshop.room.RecordedCheck;
import workshop.room.RoomGrid;
import workshop.room.RoomGridText;
import workshop.room.RoomTable;
import workshop.kit.terminal.Failures;

/**
 * tools/room-load: N simulated learners on one cluster, each in a namespace and a copy of the
 * exercises of their own, grading solved and unsolved lessons in a loop for a bounded time, every
 * check recorded in a room of its own. Counts false results (a solved lesson that fails, a stub that
 * passes) and isolation breaches (a learner's sentinel table touched by someone else, a check
 * recorded under the wrong learner or outside their namespace), and times each check. With
 * --grade-under-load, one learner's grades on a busy machine instead ({@link GradeUnderLoad}).
 */
public final class RoomLoad {

    static final String USAGE = "Usage: tools/room-load [--learners 30] [--seconds 300] [--lessons \"01 02\"], or "
            + GradeUnderLoad.USAGE.substring("Usage: ".length());

    private RoomLoad() {}

    record Options(int learners, Duration duration, List<Lesson> lessons, Path scratch) {
        static Options parse(List<String> args) {
            int learners = 30;
            Duration duration = Duration.ofMinutes(5);
            List<Lesson> lessons = List.of(Lessons.require("01"), Lessons.require("02"));
            Path scratch = null;
            for (int i = 0; i + 1 < args.size(); i += 2) {
                String value = args.get(i + 1);
                switch (args.get(i)) {
                    case "--learners" -> learners = Integer.parseInt(value);
                    case "--seconds" -> duration = Duration.ofSeconds(Long.parseLong(value));
                    case "--lessons" -> lessons = List.of(value.trim().split("[ ,]+")).stream().map(Lessons::require).toList();
                    case "--scratch" -> scratch = Path.of(value);
                    default -> throw new WorkshopException("Unknown option " + args.get(i) + ".", USAGE);
                }
            }
            if (args.size() % 2 != 0 || scratch == null || learners < 1 || learners > 999) {
                throw new WorkshopException("Options come in pairs; 1 to 999 learners; --scratch names a folder to work in.", USAGE);
            }
            return new Options(learners, duration, lessons, scratch);
        }
    }

    public static void main(String... args) {
        if (List.of(args).contains("--grade-under-load")) {
            GradeUnderLoad.main(List.of(args).stream().filter(a -> !a.equals("--grade-under-load")).toList());
            return;
        }
        Failures.guard(() -> System.exit(run(Options.parse(List.of(args)))));
    }

    static int run(Options options) throws Exception {
        Room room = new Room("load-" + Long.toString(System.currentTimeMillis() / 1000, 36));
        List<SimulatedLearner> learners = new ArrayList<>();
        String digits = "%0" + String.valueOf(options.learners()).length() + "d";
        for (int i = 0; i < options.learners(); i++) {
            // Half the learners solved the even lessons of the list, the other half the odd ones.
            int parity = i % 2;
            List<Lesson> solved = options.lessons().stream().filter(l -> options.lessons().indexOf(l) % 2 == parity).toList();
            learners.add(SimulatedLearner.prepare(Workshop.root(), options.scratch(), "load" + String.format(digits, i), solved));
        }
        // Half-grown JIT and a small heap: about what a learner's laptop gives each check.
        List<String> runner = CheckRun.builtRunner(Workshop.root(), List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m"));
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            RoomTable table = RoomTable.create(session);
            Map<String, UUID> sentinels = plantSentinels(session, learners);
            System.out.printf("%d learners, lessons %s, %d s, room %s; load average %s%n", learners.size(),
                    options.lessons().stream().map(Lesson::number).collect(Collectors.joining(" ")), options.duration().toSeconds(),
                    room.name(), loadAverage());
            Queue<SimulatedLearner.Check> checks = simulate(learners, runner, options, room);
            List<RecordedCheck> recorded = table.checks(room);
            int breaches = sentinelBreaches(session, sentinels) + recordBreaches(checks, recorded) + namespaceBreaches(session, learners);
            RoomGridText.render(RoomGrid.of(room, recorded, table.now(), Duration.ofMinutes(10), RoomGrid.exerciseColumns()))
                    .forEach(System.out::println);
            long falseResults = checks.stream().filter(SimulatedLearner.Check::falseResult).count();
            List<Long> millis = checks.stream().map(SimulatedLearner.Check::millis).sorted().toList();
            System.out.printf("%nlearners: %d, checks: %d, false results: %d, isolation breaches: %d, check p50/p95: %s/%s s%n",
                    learners.size(), checks.size(), falseResults, breaches, seconds(percentile(millis, 50)), seconds(percentile(millis, 95)));
            System.out.printf("withheld (rerun asked): %d, not recorded: %d, broke: %d; load average at the end %s%n",
                    count(checks, SimulatedLearner.Outcome.WITHHELD), checks.stream().filter(c -> !c.recorded()).count(),
                    count(checks, SimulatedLearner.Outcome.BROKE), loadAverage());
            checks.stream().filter(SimulatedLearner.Check::falseResult).limit(5).forEach(c -> System.out.println(RoomGridText.fit(
                    "  false result: " + c.learner() + " lesson " + c.lesson().number() + (c.solved() ? " (solved) " : " (stub) ")
                            + c.outcome() + ", logs under " + options.scratch().resolve(c.learner()))));
            cleanUp(session, learners, room);
            return falseResults == 0 && breaches == 0 ? 0 : 1;
        }
    }

    /** Every learner checks their lessons in turn until the time is up; a check under way then finishes. */
    private static Queue<SimulatedLearner.Check> simulate(List<SimulatedLearner> learners, List<String> runner, Options options,
            Room room)
            throws InterruptedException {
        Queue<SimulatedLearner.Check> checks = new ConcurrentLinkedQueue<>();
        long deadline = System.nanoTime() + options.duration().toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(learners.size());
        for (SimulatedLearner learner : learners) {
            pool.execute(() -> {
                for (int next = learners.indexOf(learner); System.nanoTime() < deadline; next++) {
                    checks.add(learner.check(runner, options.lessons().get(next % options.lessons().size()), room.name()));
                }
            });
        }
        pool.shutdown();
        while (!pool.awaitTermination(30, TimeUnit.SECONDS)) {
            System.out.printf("  %d checks so far; load average %s%n", checks.size(), loadAverage());
        }
        return checks;
    }

    /** A table in a keyspace of each learner's namespace that no check touches, holding a token only we know. */
    private static Map<String, UUID> plantSentinels(CqlSession session, List<SimulatedLearner> learners) {
        for (SimulatedLearner learner : learners) {
            session.execute(Keyspaces.schema("CREATE KEYSPACE IF NOT EXISTS " + sentinelKeyspace(learner)
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
        }
        Keyspaces.awaitSchemaAgreement(session);
        for (SimulatedLearner learner : learners) {
            session.execute(Keyspaces.schema("CREATE TABLE IF NOT EXISTS " + sentinelKeyspace(learner) + ".owner (id int PRIMARY KEY, secret uuid)"));
        }
        Keyspaces.awaitSchemaAgreement(session);
        Map<String, UUID> tokens = new java.util.HashMap<>();
        for (SimulatedLearner learner : learners) {
            UUID token = UUID.randomUUID();
            session.execute(session.prepare("INSERT INTO " + sentinelKeyspace(learner) + ".owner (id, secret) VALUES (1, ?)").bind(token));
            tokens.put(learner.namespace, token);
        }
        return tokens;
    }

    private static String sentinelKeyspace(SimulatedLearner learner) {
        return learner.namespace + "_sentinel";
    }

    private static int sentinelBreaches(CqlSession session, Map<String, UUID> tokens) {
        int breaches = 0;
        for (var sentinel : tokens.entrySet()) {
            Row row;
            try {
                row = session.execute(session.prepare("SELECT secret FROM " + sentinel.getKey() + "_sentinel.owner WHERE id = 1").bind()).one();
            } catch (RuntimeException gone) {
                row = null; // its keyspace or table was dropped
            }
            if (row == null || !sentinel.getValue().equals(row.getUuid("secret"))) {
                System.out.println("  isolation breach: " + sentinel.getKey() + "'s sentinel table was dropped or overwritten");
                breaches++;
            }
        }
        return breaches;
    }

    /**
     * The room holds, per learner and lesson, one row per graded check that learner ran (a check that
     * broke may or may not have recorded): more means someone recorded under their name, fewer that
     * their result went elsewhere.
     */
    private static int recordBreaches(Queue<SimulatedLearner.Check> checks, List<RecordedCheck> recorded) {
        Map<String, Long> rows = recorded.stream().collect(Collectors.groupingBy(r -> r.learner() + " " + r.result().lesson(),
                Collectors.counting()));
        Map<String, List<SimulatedLearner.Check>> ran = checks.stream().collect(Collectors.groupingBy(c -> c.learner() + " " + c.lesson().id()));
        int breaches = 0;
        for (String key : union(rows.keySet(), ran.keySet())) {
            List<SimulatedLearner.Check> theirs = ran.getOrDefault(key, List.of());
            long graded = theirs.stream().filter(c -> c.recorded() && (c.outcome() == SimulatedLearner.Outcome.PASSED
                    || c.outcome() == SimulatedLearner.Outcome.FAILED)).count();
            long broke = theirs.stream().filter(c -> c.outcome() == SimulatedLearner.Outcome.BROKE).count();
            long held = rows.getOrDefault(key, 0L);
            if (held < graded || held > graded + broke) {
                System.out.println("  isolation breach: the room holds " + held + " checks of " + key + ", who ran " + graded);
                breaches++;
            }
        }
        return breaches;
    }

    /** Every learner's checks created their keyspaces in their own namespace. */
    private static int namespaceBreaches(CqlSession session, List<SimulatedLearner> learners) {
        List<String> keyspaces = keyspaces(session);
        int breaches = 0;
        for (SimulatedLearner learner : learners) {
            // A long test keyspace name keeps the namespace and the end of the name (Keyspaces.name).
            if (keyspaces.stream().noneMatch(k -> k.startsWith(learner.namespace + "_") && !k.equals(sentinelKeyspace(learner)))) {
                System.out.println("  isolation breach: no test keyspace in " + learner.namespace + "'s namespace");
                breaches++;
            }
        }
        return breaches;
    }

    private static void cleanUp(CqlSession session, List<SimulatedLearner> learners, Room room) {
        for (String keyspace : keyspaces(session)) {
            if (learners.stream().anyMatch(l -> keyspace.startsWith(l.namespace + "_"))) {
                session.execute(Keyspaces.schema("DROP KEYSPACE IF EXISTS " + keyspace));
            }
        }
        Keyspaces.awaitSchemaAgreement(session);
        session.execute(session.prepare("DELETE FROM " + RoomTable.TABLE + " WHERE room = ?").bind(room.name()));
    }

    private static List<String> keyspaces(CqlSession session) {
        return session.execute("SELECT keyspace_name FROM system_schema.keyspaces").all().stream().map(r -> r.getString(0)).toList();
    }

    private static List<String> union(java.util.Set<String> a, java.util.Set<String> b) {
        java.util.Set<String> all = new java.util.TreeSet<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }

    private static long count(Queue<SimulatedLearner.Check> checks, SimulatedLearner.Outcome outcome) {
        return checks.stream().filter(c -> c.outcome() == outcome).count();
    }

    /** Nearest rank. */
    static long percentile(List<Long> sorted, int p) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.max(0, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static String seconds(long millis) {
        return String.format("%.1f", millis / 1000.0);
    }

    static String loadAverage() {
        try {
            return String.join(" ", List.of(Files.readString(Path.of("/proc/loadavg")).split(" ")).subList(0, 3));
        } catch (java.io.IOException | RuntimeException notLinux) {
            return "n/a";
        }
    }
}
