package workshop.kit.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CassandraSettingsTest {

    @Test
    void withoutContactPointsTheClusterIsLocal() {
        CassandraSettings settings = CassandraSettings.from(Map.of());
        assertFalse(settings.remote());
        assertEquals("datacenter1", settings.datacenter());
        DriverExecutionProfile driver = driverProfile(settings);
        assertFalse(driver.isDefined(DefaultDriverOption.AUTH_PROVIDER_CLASS));
        assertFalse(driver.isDefined(DefaultDriverOption.SSL_ENGINE_FACTORY_CLASS));
    }

    @Test
    void contactPointsDatacenterAndCredentialsComeFromTheEnvironment() {
        CassandraSettings settings = CassandraSettings.from(Map.of(
                "CASSANDRA_CONTACT_POINTS", "10.1.2.3:19042, classroom.example",
                "CASSANDRA_LOCAL_DC", "eu-west",
                "CASSANDRA_USERNAME", "alice",
                "CASSANDRA_PASSWORD", "s3cret"));
        assertTrue(settings.remote());
        assertEquals(19042, settings.contactPoints().get(0).getPort());
        assertEquals("classroom.example", settings.contactPoints().get(1).getHostString());
        assertEquals(9042, settings.contactPoints().get(1).getPort());
        assertEquals("eu-west", settings.datacenter());
        DriverExecutionProfile driver = driverProfile(settings);
        assertEquals("alice", driver.getString(DefaultDriverOption.AUTH_PROVIDER_USER_NAME));
        assertEquals("s3cret", driver.getString(DefaultDriverOption.AUTH_PROVIDER_PASSWORD));
        assertFalse(settings.toString().contains("s3cret"), "messages must never show the password: " + settings);
    }

    @Test
    void aTruststoreTurnsTlsOnWithHostNamesChecked() {
        CassandraSettings settings = CassandraSettings.from(Map.of(
                "CASSANDRA_CONTACT_POINTS", "db.example:9142",
                "CASSANDRA_SSL_TRUSTSTORE", "/etc/workshop/truststore.p12",
                "CASSANDRA_SSL_TRUSTSTORE_PASSWORD", "changeit"));
        DriverExecutionProfile driver = driverProfile(settings);
        assertTrue(driver.isDefined(DefaultDriverOption.SSL_ENGINE_FACTORY_CLASS));
        assertEquals("/etc/workshop/truststore.p12", driver.getString(DefaultDriverOption.SSL_TRUSTSTORE_PATH));
        assertTrue(driver.getBoolean(DefaultDriverOption.SSL_HOSTNAME_VALIDATION));
        assertFalse(driver.isDefined(DefaultDriverOption.SSL_KEYSTORE_PATH));
    }

    @Test
    void tlsWithTheJvmsAuthoritiesAndWithoutHostNameChecks() {
        DriverExecutionProfile driver = driverProfile(CassandraSettings.from(Map.of(
                "CASSANDRA_SSL", "true", "CASSANDRA_SSL_HOSTNAME_VALIDATION", "false")));
        assertTrue(driver.isDefined(DefaultDriverOption.SSL_ENGINE_FACTORY_CLASS));
        assertFalse(driver.isDefined(DefaultDriverOption.SSL_TRUSTSTORE_PATH));
        assertFalse(driver.getBoolean(DefaultDriverOption.SSL_HOSTNAME_VALIDATION));
    }

    @Test
    void aUserWithoutAPasswordIsRefusedWithTheFix() {
        ClusterException e = assertThrows(ClusterException.class,
                () -> CassandraSettings.from(Map.of("CASSANDRA_USERNAME", "alice")));
        assertTrue(e.fix().contains("both"), e.getMessage());
    }

    private static DriverExecutionProfile driverProfile(CassandraSettings settings) {
        ProgrammaticDriverConfigLoaderBuilder config = DriverConfigLoader.programmaticBuilder();
        settings.applyTo(config);
        try (DriverConfigLoader loader = config.build()) {
            return loader.getInitialConfig().getDefaultProfile();
        }
    }
}
