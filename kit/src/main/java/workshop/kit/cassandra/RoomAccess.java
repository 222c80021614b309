package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import workshop.kit.Poll;
import workshop.kit.cassandra.CassandraSettings.Credentials;

/**
 * Logins of a room's cluster: the instructor's admin, which replaces Cassandra's default
 * superuser, and one role per learner (see {@link RoomRoles} for what each may do).
 */
public final class RoomAccess {

    /** Cassandra creates its default superuser once the node has joined; a busy machine takes a while. */
    private static final Duration DEFAULT_SUPERUSER_WAIT = Duration.ofMinutes(3);

    private RoomAccess() {}

    /** The admin login of this checkout's room cluster, while it runs. */
    public static Optional<Credentials> admin(LocalCluster local) {
        Path file = local.roomAdminFile();
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties kept = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            kept.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
        return Optional.of(new Credentials(kept.getProperty("user"), kept.getProperty("password")));
    }

    /**
     * Replaces the default superuser (cassandra/cassandra, which everyone knows) by the room's
     * admin with a generated password, kept in the state folder readable by this user only, then
     * drops the default one. Returns the admin's login; when that was done before, the kept one.
     */
    public static Credentials secure(LocalCluster local) {
        Optional<Credentials> kept = admin(local);
        if (kept.isPresent()) {
            return kept.get();
        }
        CassandraSettings settings = CassandraSettings.from(Map.of());
        Credentials admin = new Credentials(RoomRoles.ADMIN, Passwords.generate());
        Cassandra asDefault = Cassandra.running(local, settings.withCredentials(
                new Credentials(RoomRoles.DEFAULT_SUPERUSER, RoomRoles.DEFAULT_SUPERUSER)));
        try (CqlSession session = Poll.until("Cassandra's default superuser to be created", DEFAULT_SUPERUSER_WAIT)
                .every(Duration.ofMillis(500)).get(() -> loggedIn(asDefault), "./jbang down && ./jbang up --room")) {
            session.execute(Keyspaces.schema(RoomRoles.createLogin(admin.username(), admin.password(), true)));
        }
        keep(local.roomAdminFile(), admin);
        try (CqlSession session = Cassandra.running(local, settings.withCredentials(admin)).connect()) {
            session.execute(Keyspaces.schema(RoomRoles.dropRole(RoomRoles.DEFAULT_SUPERUSER)));
        }
        // A node keeps a login it checked for 2 s (credentials_validity): done means refused.
        Poll.until("the default superuser to be refused", DEFAULT_SUPERUSER_WAIT).every(Duration.ofMillis(500))
                .await(() -> loggedIn(asDefault).map(session -> {
                    session.close();
                    return false;
                }).orElse(true), "./jbang down && ./jbang up --room");
        return admin;
    }

    private static Optional<CqlSession> loggedIn(Cassandra cluster) {
        try {
            return Optional.of(cluster.connect());
        } catch (LoginRefused notCreatedYet) {
            return Optional.empty();
        }
    }

    private static void keep(Path file, Credentials admin) {
        Properties login = new Properties();
        login.setProperty("user", admin.username());
        login.setProperty("password", admin.password());
        try {
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (Writer writer = Files.newBufferedWriter(file)) {
                login.store(writer, "The room's admin login; deleted by ./jbang down with the cluster");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file, e);
        }
    }

    /**
     * Creates the learner's login with a generated password and its permissions, or gives an
     * existing one a new password (a learner who lost theirs); returns the login. The session must
     * be a superuser's.
     */
    public static Credentials add(CqlSession admin, String name) {
        String role = RoomRoles.learner(name);
        Credentials login = new Credentials(role, Passwords.generate());
        admin.execute(Keyspaces.schema(RoomRoles.roomKeyspace((int) Cassandra.nodesUp(admin))));
        Keyspaces.awaitSchemaAgreement(admin);
        boolean exists = admin.execute(SimpleStatement.newInstance("SELECT role FROM system_auth.roles WHERE role = ?", role))
                .one() != null;
        admin.execute(exists ? RoomRoles.newPassword(role, login.password()) : RoomRoles.createLogin(role, login.password(), false));
        RoomRoles.learnerGrants(role).forEach(admin::execute);
        return login;
    }

    /** The lines a learner pastes into their shell to use the room's cluster as this login. */
    public static List<String> learnerSettings(List<InetSocketAddress> contactPoints, String datacenter, Credentials login) {
        List<String> lines = new ArrayList<>();
        lines.add("export CASSANDRA_CONTACT_POINTS=" + String.join(",",
                contactPoints.stream().map(a -> a.getHostString() + ":" + a.getPort()).toList()));
        if (!datacenter.equals(CassandraSettings.DEFAULT_DATACENTER)) {
            lines.add("export CASSANDRA_LOCAL_DC=" + datacenter);
        }
        lines.add("export WORKSHOP_NAMESPACE=" + login.username());
        lines.add("export CASSANDRA_USERNAME=" + login.username());
        lines.add("export CASSANDRA_PASSWORD=" + login.password());
        return lines;
    }
}
