package workshop.kit.cassandra;

import java.util.List;

/**
 * The roles of a room's cluster and their permissions, as CQL. Cassandra grants a keyspace's
 * creator every permission on it, and nobody else any: so a learner may create keyspaces (their
 * own, named with their namespace by the workshop) and is refused reading, writing, altering or
 * dropping any keyspace another learner created. Role names are learners' namespaces.
 */
public final class RoomRoles {

    /** The instructor's login, a superuser that replaces Cassandra's default cassandra/cassandra. */
    public static final String ADMIN = "workshop_admin";
    /** Cassandra's default superuser, dropped once the admin exists. */
    static final String DEFAULT_SUPERUSER = "cassandra";
    /** Where checks record learners' results for the room's grid; learners may only write to it. */
    public static final String ROOM_KEYSPACE = "workshop_room";

    private RoomRoles() {}

    /** A learner's role name: their namespace, refused in one line when it cannot be one or is taken by the room. */
    public static String learner(String name) {
        String role = name.trim();
        if (!Keyspaces.isNamespace(role)) {
            throw new ClusterException("'" + role + "' cannot be a learner's name: it becomes their WORKSHOP_NAMESPACE, 1 to 20"
                    + " lower-case letters, digits or _, starting with a letter.", "./jbang room add " + Keyspaces.suggestion(role));
        }
        if (role.equals(DEFAULT_SUPERUSER) || role.startsWith("workshop") || role.startsWith("system")) {
            throw new ClusterException("'" + role + "' is reserved (Cassandra's and the room's own names start like it).",
                    "choose another name, e.g. ./jbang room add " + "l_" + role.substring(0, Math.min(18, role.length())));
        }
        return role;
    }

    static String createLogin(String role, String password, boolean superuser) {
        return "CREATE ROLE " + role + " WITH PASSWORD = " + literal(password) + " AND LOGIN = true AND SUPERUSER = " + superuser;
    }

    static String newPassword(String role, String password) {
        return "ALTER ROLE " + role + " WITH PASSWORD = " + literal(password);
    }

    static String dropRole(String role) {
        return "DROP ROLE IF EXISTS " + role;
    }

    /** The room keyspace, replicated like the logins (to every node, up to 3), so recording a result needs no one node. */
    static String roomKeyspace(int nodes) {
        return "CREATE KEYSPACE IF NOT EXISTS " + ROOM_KEYSPACE + " WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': " + Math.min(Math.max(nodes, 1), 3) + "}";
    }

    /**
     * What a learner may do beyond their own keyspaces: create keyspaces (the creator gets every
     * permission on each, nobody else any) and write results to the room's keyspace. Cassandra has
     * no insert-only permission: MODIFY also allows updates and deletes there, never reads.
     * Traces (system_traces), which the cost probe reads, are readable by every login already; the
     * node's settings (which Paxos it runs, named by lesson 07) are not.
     */
    static List<String> learnerGrants(String role) {
        return List.of("GRANT CREATE ON ALL KEYSPACES TO " + role,
                "GRANT MODIFY ON KEYSPACE " + ROOM_KEYSPACE + " TO " + role,
                "GRANT SELECT ON TABLE system_views.settings TO " + role);
    }

    /** A CQL string literal; generated passwords never hold a quote, doubling one keeps any other safe. */
    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
