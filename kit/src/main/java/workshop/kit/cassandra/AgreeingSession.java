package workshop.kit.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import com.datastax.oss.driver.internal.core.session.SessionWrapper;
import java.util.regex.Pattern;

/**
 * A session whose schema changes return once every node has applied them. The driver's own wait
 * asks one node, which judges the others by gossip; right after a change that node may not have
 * heard of it yet, and then every version it knows still agrees. A statement sent next to another
 * node then fails with "table ... does not exist" (seen on three nodes of a busy machine, lesson
 * 00). So each schema change run here is followed by {@link Keyspaces#awaitSchemaAgreement}, which
 * asks every node itself. Only statements run and waited for here: one sent without waiting
 * (executeAsync) is the sender's to wait for.
 */
final class AgreeingSession extends SessionWrapper implements CqlSession {

    private static final Pattern SCHEMA_CHANGE = Pattern.compile("^\\s*(CREATE|ALTER|DROP)\\s+(KEYSPACE|TABLE|COLUMNFAMILY|TYPE"
            + "|INDEX|CUSTOM\\s+INDEX|MATERIALIZED\\s+VIEW|FUNCTION|AGGREGATE|TRIGGER)\\b", Pattern.CASE_INSENSITIVE);

    AgreeingSession(CqlSession session) {
        super(session);
    }

    static boolean isSchemaChange(String cql) {
        return SCHEMA_CHANGE.matcher(cql).find();
    }

    @Override
    public <RequestT extends Request, ResultT> ResultT execute(RequestT request, GenericType<ResultT> resultType) {
        ResultT result = super.execute(request, resultType);
        if (Statement.SYNC.equals(resultType) && request instanceof SimpleStatement statement && isSchemaChange(statement.getQuery())) {
            Keyspaces.awaitSchemaAgreement(this);
        }
        return result;
    }
}
