package workshop.lesson10;

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.util.Optional;

/**
 * Three replicas, so two disks can go and every profile is still on the third. Saves and finds at
 * QUORUM: each waits for 2 of the 3 replicas, so one frozen node stops neither, and any 2 a find
 * asks share at least one replica with the 2 the save reached (2 + 2 > 3): it sees the save.
 * ALL on either side would stop with one node down; ONE on both would let a find ask only the
 * replica that missed the save.
 */
public class Profiles {

    static final ConsistencyLevel LEVEL = DefaultConsistencyLevel.QUORUM;

    private final CqlSession session;
    private final String keyspace;
    private PreparedStatement insert;
    private PreparedStatement select;

    public Profiles(CqlSession session, String keyspace) {
        this.session = session;
        this.keyspace = keyspace;
    }

    public void createSchema() {
        session.execute(schema("CREATE KEYSPACE IF NOT EXISTS " + keyspace
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}"));
        session.execute(schema("CREATE TABLE IF NOT EXISTS " + keyspace
                + ".profiles (user_id text PRIMARY KEY, display_name text, city text)"));
        insert = session.prepare("INSERT INTO " + keyspace + ".profiles (user_id, display_name, city) VALUES (?, ?, ?)");
        select = session.prepare("SELECT display_name, city FROM " + keyspace + ".profiles WHERE user_id = ?");
    }

    public void save(Profile profile) {
        session.execute(insert.bind(profile.userId(), profile.displayName(), profile.city()).setConsistencyLevel(LEVEL));
    }

    public Optional<Profile> find(String userId) {
        Row row = session.execute(select.bind(userId).setConsistencyLevel(LEVEL)).one();
        return Optional.ofNullable(row).map(r -> new Profile(userId, r.getString("display_name"), r.getString("city")));
    }
}
