package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;

/** Creates and drops the keyspaces lessons and tests own. */
public final class Keyspaces {

    private Keyspaces() {}

    /**
     * Drops the keyspace if a previous run left it, then creates it empty with one replica per
     * row, so every trace shows exactly which node holds which data.
     */
    public static void recreate(CqlSession session, String keyspace) {
        drop(session, keyspace);
        session.execute(schema("CREATE KEYSPACE " + CqlIdentifier.fromInternal(keyspace).asCql(true)
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
    }

    public static void drop(CqlSession session, String keyspace) {
        session.execute(schema("DROP KEYSPACE IF EXISTS " + CqlIdentifier.fromInternal(keyspace).asCql(true)));
    }

    /** Schema changes wait for every node to agree, which takes longer than a query. */
    public static SimpleStatement schema(String cql) {
        return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60));
    }
}
