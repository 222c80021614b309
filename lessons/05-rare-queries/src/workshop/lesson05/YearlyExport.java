package workshop.lesson05;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import workshop.kit.cassandra.TokenSlice;

/**
 * Exercise 05: Q4, "everything a user sent in a year", as a batch job over the whole messages table.
 *
 * The table exists and is filled by the tests:
 * <pre>
 *   messages (conversation_id text, message_id bigint, sender_id text, body text,
 *             PRIMARY KEY ((conversation_id), message_id))
 * </pre>
 * No key names a sender or a year, so the export reads every partition, one token slice at a time:
 * a slice holds the partitions whose token t has start &lt; t &lt;= end. The slices you are given
 * cover the ring; read each with one query on its token range, several slices at once on
 * {@code workers} threads ({@link workshop.kit.cassandra.TokenRangeScan} can run them for you).
 * The time a message was sent is in its id: {@code workshop.fixtures.ids.Snowflake.instant(messageId)}.
 *
 * The tests give you a session bound to the keyspace of the table. Use prepared statements with bound values.
 */
public class YearlyExport {

    private final CqlSession session;

    public YearlyExport(CqlSession session) {
        this.session = session;
    }

    /**
     * Every message senderId sent during the year (UTC), oldest first, each exactly once, however
     * the slices are cut and however many workers read them.
     */
    public List<Message> export(String senderId, int year, List<TokenSlice> slices, int workers) {
        // TODO: one query per slice (WHERE token(conversation_id) > ? AND token(conversation_id) <= ?),
        //  slices read side by side, results gathered safely across threads, then sorted
        throw new UnsupportedOperationException("TODO: export a sender's year by token-range scan");
    }
}
