package workshop.kit.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import workshop.kit.Workshop;
import workshop.kit.cassandra.CassandraSettings;
import workshop.kit.cassandra.ClusterLayout;

/**
 * docker/ cannot be run here (no Docker engine), so this checks what can go wrong without one:
 * that workshop.env points at the ports compose.yaml publishes, that each node advertises the port
 * it publishes, and that every service has a health check. (`docker compose -f docker/compose.yaml
 * config` checks the syntax.)
 */
class ComposeFileTest {

    private static final Pattern SERVICE = Pattern.compile("(?m)^  (\\w+):\\n((?:    .*\\n|\\n)*)");
    private static final Pattern PUBLISHED = Pattern.compile("127\\.0\\.0\\.1}?:(?:\\$\\{\\w+:-)?(\\d+)\\}?:(\\d+)");
    /** The one variable a room's server sets: the address every node publishes and advertises. */
    private static final String ADDRESS = "${WORKSHOP_ADDRESS:-127.0.0.1}";

    @Test
    void theEnvironmentFilePointsAtThePublishedPorts() throws IOException {
        Map<String, String> services = services();
        Map<String, String> env = environmentFile();
        List<Integer> cassandraPorts = services.entrySet().stream().filter(s -> s.getKey().startsWith("cassandra"))
                .map(s -> published(s.getValue())).toList();
        assertEquals(List.of(9042, 9043, 9044), cassandraPorts);
        CassandraSettings settings = CassandraSettings.from(env);
        assertEquals(cassandraPorts, settings.contactPoints().stream().map(a -> a.getPort()).toList());
        assertEquals(ClusterLayout.DEFAULT_NATIVE_PORT, cassandraPorts.get(0),
                "the containers take the embedded cluster's ports, so lessons find them without configuration");
        assertEquals("http://127.0.0.1:" + published(services.get("moto")), env.get("DYNAMODB_ENDPOINT"));
    }

    @Test
    void eachNodeAdvertisesThePortItPublishes() throws IOException {
        services().forEach((name, body) -> {
            if (name.startsWith("cassandra")) {
                Matcher ports = PUBLISHED.matcher(body);
                assertTrue(ports.find(), name + " publishes no port");
                assertEquals(ports.group(1), ports.group(2), name + ": host and container port must be the same");
                assertTrue(body.contains("ports: [\"" + ADDRESS + ":"), name + " must publish on " + ADDRESS);
                assertTrue(compose().contains("CASSANDRA_BROADCAST_RPC_ADDRESS: " + ADDRESS),
                        "the nodes must advertise the address they publish on, or a driver elsewhere gets peers it cannot reach");
                assertTrue(body.contains("-Dcassandra.native_transport_port=" + ports.group(2)), name
                        + " must listen on the port it publishes, or the driver on the host cannot reach it");
            }
        });
    }

    @Test
    void everyServiceHasAHealthCheckAndNoneIsAmazonsDynamoDbLocal() throws IOException {
        String compose = Files.readString(dockerDir().resolve("compose.yaml"));
        Map<String, String> services = services();
        assertEquals(List.of("cassandra1", "cassandra2", "cassandra3", "moto"), List.copyOf(services.keySet()));
        services.forEach((name, body) -> assertTrue(body.contains("healthcheck:"), name + " has no health check"));
        assertFalse(compose.contains("amazon/dynamodb-local"), "DynamoDB Local's licence rules it out; use moto");
    }

    private static int published(String serviceBody) {
        Matcher ports = PUBLISHED.matcher(serviceBody);
        assertTrue(ports.find(), "no port published on 127.0.0.1 in:\n" + serviceBody);
        return Integer.parseInt(ports.group(1));
    }

    private static String compose() {
        try {
            return Files.readString(dockerDir().resolve("compose.yaml"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Map<String, String> services() throws IOException {
        String compose = Files.readString(dockerDir().resolve("compose.yaml"));
        String section = compose.substring(compose.indexOf("\nservices:\n") + "\nservices:\n".length());
        Map<String, String> services = new LinkedHashMap<>();
        Matcher service = SERVICE.matcher(section);
        while (service.find()) {
            services.put(service.group(1), service.group(2));
        }
        return services;
    }

    private static Map<String, String> environmentFile() throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Files.readAllLines(dockerDir().resolve("workshop.env"))) {
            int equals = line.indexOf('=');
            if (!line.startsWith("#") && equals > 0) {
                env.put(line.substring(0, equals).trim(), line.substring(equals + 1).trim());
            }
        }
        return env;
    }

    private static Path dockerDir() {
        return Workshop.root().resolve("docker");
    }
}
