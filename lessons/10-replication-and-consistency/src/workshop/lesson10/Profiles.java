package workshop.lesson10;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.Optional;

/**
 * Lesson 10 (tests: ProfilesTest): user profiles on a cluster of three nodes,
 * in a keyspace you create.
 *
 * The questions:
 *   save   a user saves their profile: 200/s
 *   find   a profile by user id, often the user's own right after saving it: 5,000/s
 *
 * The rules the tests hold you to:
 *   - a saved profile survives losing the disks of any two of the three nodes, and a power cut
 *     of all three (every write reaches each replica's commit log)
 *   - a re-save replaces the profile, every field of it: a null clears a field
 *   - with any one node frozen (it answers nothing), saves and finds go on answering
 *   - a find sees every save acknowledged before it, whichever coordinator and replicas it meets,
 *     even when one of them missed that save
 *   - a find reads one partition, and asks no more replicas than these rules need: it is the
 *     busiest question
 *   - a save or find the cluster cannot serve under these rules fails with the driver's exception
 * The keyspace's name is given; its replication, the table, its key and every consistency level
 * are yours: the tests grade answers and measured cost only.
 */
public class Profiles {

    private final CqlSession session;
    private final String keyspace;

    /** The session is bound to no keyspace of yours: name yours in every statement. */
    public Profiles(CqlSession session, String keyspace) {
        this.session = session;
        this.keyspace = keyspace;
    }

    public void createSchema() {
        // TODO: create the keyspace (its replication is part of the design), then the table
        throw new UnsupportedOperationException("TODO: create the keyspace and the profiles table");
    }

    public void save(Profile profile) {
        // TODO: write the profile at a consistency level the rules allow
        throw new UnsupportedOperationException("TODO: save a profile");
    }

    public Optional<Profile> find(String userId) {
        // TODO: read it back at a consistency level that, with the save's, meets the rules
        throw new UnsupportedOperationException("TODO: find a profile");
    }
}
