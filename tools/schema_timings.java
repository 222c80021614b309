///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//DESCRIPTION Time a keyspace's rebuild (drop, create, 3 tables) with the driver's schema refresh window and the kit's

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.ClusterLayout;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.terminal.Failures;

/**
 * Rebuilds one keyspace of three tables, as a check does when a class's schema changed, through two
 * sessions taking turns: one with the driver's schema refresh window (1 s), one with the kit's
 * ({@link Cassandra#SCHEMA_REFRESH_WINDOW}). Every statement waits for the nodes to agree, as the
 * kit's do. Arguments: rounds (5). Start the cluster first (./jbang up).
 */
class schema_timings {
    public static void main(String... args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Failures.guard(() -> {
            Cassandra.findOrStart(); // the local cluster, started if it is not running
            String keyspace = Keyspaces.name("schema_timings");
            try (CqlSession driverDefault = session(Duration.ofSeconds(1)); CqlSession kit = session(Cassandra.SCHEMA_REFRESH_WINDOW)) {
                List<Long> slow = new ArrayList<>();
                List<Long> fast = new ArrayList<>();
                for (int round = 1; round <= rounds; round++) {
                    slow.add(rebuild(driverDefault, keyspace));
                    fast.add(rebuild(kit, keyspace));
                    System.out.printf("round %d: window 1 s %d ms, window %d ms %d ms%n", round, slow.get(round - 1),
                            Cassandra.SCHEMA_REFRESH_WINDOW.toMillis(), fast.get(round - 1));
                }
                System.out.printf("median: window 1 s %d ms, window %d ms %d ms%n", median(slow),
                        Cassandra.SCHEMA_REFRESH_WINDOW.toMillis(), median(fast));
                driverDefault.execute(Keyspaces.schema("DROP KEYSPACE IF EXISTS " + keyspace));
            }
        });
    }

    private static CqlSession session(Duration window) {
        return CqlSession.builder()
                .addContactPoint(new InetSocketAddress("127.0.0.1", ClusterLayout.standard().node(1).nativePort()))
                .withLocalDatacenter("datacenter1")
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, window).build())
                .build();
    }

    /** Milliseconds to drop the keyspace, create it and three tables, each statement agreed on by every node. */
    private static long rebuild(CqlSession session, String keyspace) {
        long started = System.nanoTime();
        List<String> statements = new ArrayList<>(List.of("DROP KEYSPACE IF EXISTS " + keyspace,
                "CREATE KEYSPACE " + keyspace + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
        for (int table = 1; table <= 3; table++) {
            statements.add("CREATE TABLE " + keyspace + ".t" + table + " (k int, c int, v text, PRIMARY KEY (k, c))");
        }
        for (String statement : statements) {
            session.execute(Keyspaces.schema(statement));
            Keyspaces.awaitSchemaAgreement(session);
        }
        return (System.nanoTime() - started) / 1_000_000;
    }

    private static long median(List<Long> values) {
        return values.stream().sorted().toList().get(values.size() / 2);
    }
}
