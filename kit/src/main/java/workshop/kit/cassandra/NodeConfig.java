package workshop.kit.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Writes the smallest cassandra.yaml and logback.xml a local node needs. */
final class NodeConfig {

    /** Each node owns this many slices of the ring, interleaved with the other nodes' slices. */
    static final int TOKENS_PER_NODE = 4;

    private NodeConfig() {}

    static Path write(NodeSpec node, NodeSpec seed, int clusterSize, Optional<RoomCluster> room) {
        try {
            for (String sub : List.of("data", "commitlog", "hints", "saved_caches", "cdc_raw", "logs")) {
                Files.createDirectories(node.dir().resolve(sub));
            }
            Path yaml = node.dir().resolve("cassandra.yaml");
            Files.writeString(yaml, yaml(node, seed, clusterSize) + room.map(NodeConfig::roomYaml).orElse(LOCAL_ONLY));
            Files.writeString(node.dir().resolve("logback.xml"), logback(node));
            return yaml;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the configuration of " + node.name(), e);
        }
    }

    /**
     * Evenly spaced Murmur3 tokens, dealt round-robin: with 3 nodes, node1 owns slices 0, 3, 6, 9.
     * Fixed tokens make the ring, and where a key lands, the same on every laptop.
     */
    static List<String> tokens(int nodeNumber, int clusterSize) {
        int total = TOKENS_PER_NODE * clusterSize;
        BigInteger min = BigInteger.TWO.pow(63).negate();
        BigInteger step = BigInteger.TWO.pow(64).divide(BigInteger.valueOf(total));
        List<String> tokens = new ArrayList<>();
        for (int slice = nodeNumber - 1; slice < total; slice += clusterSize) {
            tokens.add(min.add(step.multiply(BigInteger.valueOf(slice))).toString());
        }
        return tokens;
    }

    /**
     * Cassandra 5.0 ships with materialized views off; ours are on so lesson 04c can measure what a
     * view adds to each write. Each CREATE still gets the node's warning that views are experimental.
     */
    private static String yaml(NodeSpec node, NodeSpec seed, int clusterSize) {
        Path dir = node.dir().toAbsolutePath();
        return """
                cluster_name: workshop
                num_tokens: %d
                initial_token: %s
                partitioner: org.apache.cassandra.dht.Murmur3Partitioner
                endpoint_snitch: SimpleSnitch
                seed_provider:
                  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
                    parameters:
                      - seeds: "127.0.0.1:%d"
                listen_address: 127.0.0.1
                storage_port: %d
                native_transport_port: %d
                start_native_transport: true
                auto_bootstrap: false
                data_file_directories:
                  - %s
                commitlog_directory: %s
                hints_directory: %s
                saved_caches_directory: %s
                cdc_raw_directory: %s
                commitlog_sync: periodic
                commitlog_sync_period: 10000ms
                concurrent_reads: 8
                concurrent_writes: 8
                concurrent_counter_writes: 8
                concurrent_compactors: 1
                read_request_timeout: 20000ms
                range_request_timeout: 30000ms
                write_request_timeout: 10000ms
                request_timeout: 30000ms
                commitlog_segment_size: 8MiB
                file_cache_size: 32MiB
                networking_cache_size: 16MiB
                memtable_heap_space: 128MiB
                memtable_offheap_space: 64MiB
                key_cache_size: 8MiB
                auto_snapshot: false
                materialized_views_enabled: true
                """.formatted(
                TOKENS_PER_NODE,
                String.join(",", tokens(node.number(), clusterSize)),
                seed.storagePort(),
                node.storagePort(),
                node.nativePort(),
                dir.resolve("data"),
                dir.resolve("commitlog"),
                dir.resolve("hints"),
                dir.resolve("saved_caches"),
                dir.resolve("cdc_raw"));
    }

    /** A laptop's cluster: clients on this machine only, and no logins. */
    private static final String LOCAL_ONLY = """
            rpc_address: 127.0.0.1
            authenticator: AllowAllAuthenticator
            authorizer: AllowAllAuthorizer
            """;

    /**
     * A room's cluster: logins and permissions on. Listening beyond this machine, a node accepts
     * clients on every interface and tells drivers the address learners reach; the nodes still
     * talk to each other on 127.0.0.1, and the commands on this machine keep using 127.0.0.1.
     */
    static String roomYaml(RoomCluster room) {
        String clients = room.local() ? "rpc_address: 127.0.0.1\n"
                : "rpc_address: 0.0.0.0\nbroadcast_rpc_address: " + room.address() + "\n";
        return clients + """
                authenticator: PasswordAuthenticator
                authorizer: CassandraAuthorizer
                role_manager: CassandraRoleManager
                """;
    }

    /**
     * System properties that differ by cluster. A room's logins table is replicated to every node
     * (up to 3) from the start, so a login does not depend on one node. The default superuser
     * (which a room's setup replaces) is created at once; with several nodes its creation fails
     * until the ring can take the write and is retried after this delay, so not in a busy loop.
     */
    static List<String> properties(int clusterSize, Optional<RoomCluster> room) {
        if (room.isEmpty()) {
            return List.of("-Dcassandra.superuser_setup_delay_ms=0");
        }
        return List.of("-Dcassandra.system_auth.default_rf=" + Math.min(clusterSize, 3),
                "-Dcassandra.superuser_setup_delay_ms=" + (clusterSize == 1 ? 0 : 500));
    }

    /**
     * The compilers a node runs with. A laptop's node serves one learner's light requests: the quick
     * compiler alone (C1) starts three nodes in about 0.8 of the time on 0.6 of the CPU and runs the
     * lessons as fast (docs/performance.md). A room's nodes serve a class all day: both compilers.
     */
    static List<String> compilers(Optional<RoomCluster> room) {
        return room.isEmpty() ? List.of("-XX:TieredStopAtLevel=1") : List.of();
    }

    private static String logback(NodeSpec node) {
        return """
                <configuration>
                  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                    <file>%s</file>
                    <encoder><pattern>%%-5level [%%thread] %%date{ISO8601} %%F:%%L - %%msg%%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="FILE"/></root>
                </configuration>
                """.formatted(node.logFile().toAbsolutePath());
    }

    /** The JVM flags of Cassandra's own jvm17-server.options that a node cannot start without. */
    static List<String> jvmFlags() {
        String exports = """
                java.base/jdk.internal.misc java.management.rmi/com.sun.jmx.remote.internal.rmi
                java.rmi/sun.rmi.registry java.rmi/sun.rmi.server java.sql/java.sql java.base/java.lang.ref
                jdk.unsupported/sun.misc jdk.compiler/com.sun.tools.javac.file jdk.attach/sun.tools.attach""";
        String opens = """
                java.base/java.lang.module java.base/jdk.internal.loader java.base/jdk.internal.ref
                java.base/jdk.internal.reflect java.base/jdk.internal.math java.base/jdk.internal.module
                java.base/jdk.internal.util.jar jdk.management/com.sun.management.internal java.base/sun.nio.ch
                java.base/java.io java.base/java.lang.reflect jdk.compiler/com.sun.tools.javac java.base/java.lang
                java.base/java.util""";
        List<String> flags = new ArrayList<>(List.of(
                "-XX:+UseG1GC", "-XX:+ParallelRefProcEnabled", "-XX:MaxTenuringThreshold=1",
                "-XX:ReservedCodeCacheSize=96m", "-XX:MaxDirectMemorySize=256m", "-Xss256k",
                "-Djdk.attach.allowAttachSelf=true", "-Dio.netty.tryReflectionSetAccessible=true",
                "-Djava.net.preferIPv4Stack=true"));
        flags.addAll(words(exports).stream().map(p -> "--add-exports=" + p + "=ALL-UNNAMED").toList());
        flags.addAll(words(opens).stream().map(p -> "--add-opens=" + p + "=ALL-UNNAMED").toList());
        return flags;
    }

    private static List<String> words(String text) {
        return List.of(text.trim().split("\\s+")).stream().collect(Collectors.toList());
    }
}
