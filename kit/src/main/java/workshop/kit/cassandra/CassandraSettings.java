package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.internal.core.auth.PlainTextAuthProvider;
import com.datastax.oss.driver.internal.core.ssl.DefaultSslEngineFactory;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How to reach the cluster, read from environment variables, so lessons and tests run against a
 * classroom or company cluster by configuration alone:
 * <ul>
 * <li>CASSANDRA_CONTACT_POINTS host:port[,host:port]: use that cluster (never started or stopped by us)
 * <li>CASSANDRA_LOCAL_DC: its datacenter (datacenter1 by default)
 * <li>CASSANDRA_USERNAME and CASSANDRA_PASSWORD: password authentication
 * <li>CASSANDRA_SSL=true: TLS, trusting the JVM's certificate authorities or those in CASSANDRA_SSL_TRUSTSTORE
 *     (with CASSANDRA_SSL_TRUSTSTORE_PASSWORD); a client certificate from CASSANDRA_SSL_KEYSTORE (with
 *     CASSANDRA_SSL_KEYSTORE_PASSWORD); CASSANDRA_SSL_HOSTNAME_VALIDATION=false when the certificates do
 *     not name the hosts
 * </ul>
 */
public record CassandraSettings(List<InetSocketAddress> contactPoints, String datacenter,
                                Optional<Credentials> credentials, Optional<Tls> tls) {

    public record Credentials(String username, String password) {
        @Override
        public String toString() {
            return username + " (password set)";
        }
    }

    public record Tls(Optional<String> truststore, String truststorePassword, Optional<String> keystore,
                      String keystorePassword, boolean hostnameValidation) {
        @Override
        public String toString() {
            return "TLS" + truststore.map(t -> ", truststore " + t).orElse("") + keystore.map(k -> ", keystore " + k).orElse("")
                    + (hostnameValidation ? "" : ", host names not checked");
        }
    }

    public static final String DEFAULT_DATACENTER = "datacenter1";

    public static CassandraSettings fromEnvironment() {
        return from(System.getenv());
    }

    public static CassandraSettings from(Map<String, String> env) {
        Optional<String> contactPoints = value(env, "CASSANDRA_CONTACT_POINTS");
        Optional<String> username = value(env, "CASSANDRA_USERNAME");
        Optional<String> password = value(env, "CASSANDRA_PASSWORD");
        if (username.isPresent() != password.isPresent()) {
            throw new ClusterException("Only one of CASSANDRA_USERNAME and CASSANDRA_PASSWORD is set.",
                    "export both (or neither, for a cluster without authentication)");
        }
        Optional<String> truststore = value(env, "CASSANDRA_SSL_TRUSTSTORE");
        boolean tls = value(env, "CASSANDRA_SSL").map(Boolean::parseBoolean).orElse(false) || truststore.isPresent();
        return new CassandraSettings(
                contactPoints.map(CassandraSettings::parse).orElse(List.of()),
                value(env, "CASSANDRA_LOCAL_DC").orElse(DEFAULT_DATACENTER),
                username.map(user -> new Credentials(user, password.orElseThrow())),
                tls ? Optional.of(new Tls(truststore, value(env, "CASSANDRA_SSL_TRUSTSTORE_PASSWORD").orElse(""),
                        value(env, "CASSANDRA_SSL_KEYSTORE"), value(env, "CASSANDRA_SSL_KEYSTORE_PASSWORD").orElse(""),
                        value(env, "CASSANDRA_SSL_HOSTNAME_VALIDATION").map(Boolean::parseBoolean).orElse(true)))
                        : Optional.empty());
    }

    /** The same cluster, logged in as someone else. */
    public CassandraSettings withCredentials(Credentials login) {
        return new CassandraSettings(contactPoints, datacenter, Optional.of(login), tls);
    }

    /** Whether CASSANDRA_CONTACT_POINTS names a cluster to use instead of a local one. */
    public boolean remote() {
        return !contactPoints.isEmpty();
    }

    /** Adds credentials and TLS, when configured, to the driver's settings. */
    void applyTo(ProgrammaticDriverConfigLoaderBuilder config) {
        credentials.ifPresent(c -> config
                .withClass(DefaultDriverOption.AUTH_PROVIDER_CLASS, PlainTextAuthProvider.class)
                .withString(DefaultDriverOption.AUTH_PROVIDER_USER_NAME, c.username())
                .withString(DefaultDriverOption.AUTH_PROVIDER_PASSWORD, c.password()));
        tls.ifPresent(t -> {
            config.withClass(DefaultDriverOption.SSL_ENGINE_FACTORY_CLASS, DefaultSslEngineFactory.class)
                    .withBoolean(DefaultDriverOption.SSL_HOSTNAME_VALIDATION, t.hostnameValidation());
            t.truststore().ifPresent(path -> config.withString(DefaultDriverOption.SSL_TRUSTSTORE_PATH, path)
                    .withString(DefaultDriverOption.SSL_TRUSTSTORE_PASSWORD, t.truststorePassword()));
            t.keystore().ifPresent(path -> config.withString(DefaultDriverOption.SSL_KEYSTORE_PATH, path)
                    .withString(DefaultDriverOption.SSL_KEYSTORE_PASSWORD, t.keystorePassword()));
        });
    }

    /** What the settings point at, for messages; never the password. */
    @Override
    public String toString() {
        return "CASSANDRA_CONTACT_POINTS=" + contactPoints.stream().map(a -> a.getHostString() + ":" + a.getPort()).toList()
                + ", CASSANDRA_LOCAL_DC=" + datacenter + credentials.map(c -> ", user " + c).orElse("")
                + tls.map(t -> ", " + t).orElse("");
    }

    private static Optional<String> value(Map<String, String> env, String name) {
        return Optional.ofNullable(env.get(name)).map(String::trim).filter(v -> !v.isEmpty());
    }

    private static List<InetSocketAddress> parse(String contactPoints) {
        return Arrays.stream(contactPoints.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(hostPort -> {
            int colon = hostPort.lastIndexOf(':');
            return colon < 0 ? new InetSocketAddress(hostPort, 9042)
                    : new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
        }).toList();
    }
}
