package workshop.kit.chat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import workshop.kit.cassandra.TokenRangeScan;
import workshop.kit.cassandra.TokenRing;
import workshop.kit.cassandra.TokenSlice;
import workshop.kit.ids.Snowflake;

/**
 * The batch job that fills a chat-list table from the source of truth: for every conversation,
 * its newest message (messages) and its members (members) make one row per member. Both tables
 * are keyed by conversation_id, so one slice of the token ring holds the same conversations in
 * each; the job reads them slice by slice, a few slices at a time.
 */
public final class ChatListJob {

    static final int PREVIEW_CHARACTERS = 40;
    private static final int SLICES_AT_ONCE = 4;

    private ChatListJob() {}

    /** The start of a message's body shown in a chat list. */
    public static String preview(String body) {
        return body.length() <= PREVIEW_CHARACTERS ? body : body.substring(0, PREVIEW_CHARACTERS);
    }

    /** Fills table (user_id, last_message_at, conversation_id, last_message_id, preview); returns how long it took. */
    public static Duration rebuild(CqlSession session, String keyspace, String table) {
        PreparedStatement newest = session.prepare("""
                SELECT conversation_id, message_id, body FROM messages
                WHERE token(conversation_id) > ? AND token(conversation_id) <= ? PER PARTITION LIMIT 1""");
        PreparedStatement members = session.prepare("""
                SELECT conversation_id, user_id FROM members
                WHERE token(conversation_id) > ? AND token(conversation_id) <= ?""");
        PreparedStatement insert = session.prepare(("""
                INSERT INTO %s (user_id, last_message_at, conversation_id, last_message_id, preview)
                VALUES (?, ?, ?, ?, ?)""").formatted(table));
        List<TokenSlice> slices = TokenRing.of(session, keyspace).slices(2);
        String label = "rebuilding " + table + " (" + slices.size() + " token slices)";
        return TokenRangeScan.forEachSlice(slices, SLICES_AT_ONCE, label, slice -> {
            Map<String, Row> newestOf = new HashMap<>();
            session.execute(newest.bind(slice.startExclusive(), slice.endInclusive()))
                    .forEach(row -> newestOf.put(row.getString("conversation_id"), row));
            for (Row member : session.execute(members.bind(slice.startExclusive(), slice.endInclusive()))) {
                Row last = newestOf.get(member.getString("conversation_id"));
                if (last != null) {
                    long id = last.getLong("message_id");
                    session.execute(insert.bind(member.getString("user_id"), Snowflake.instant(id),
                            member.getString("conversation_id"), id, preview(last.getString("body"))));
                }
            }
        });
    }

    /** Every row of a chat-list table as (user, last message at, conversation, last message id), to compare two. */
    public static Set<List<Object>> rows(CqlSession session, String table) {
        Set<List<Object>> rows = new HashSet<>();
        session.execute("SELECT user_id, last_message_at, conversation_id, last_message_id FROM " + table)
                .forEach(r -> rows.add(List.of(r.getString(0), r.getInstant(1), r.getString(2), r.getLong(3))));
        return rows;
    }

    /** How many users the rows belong to. */
    public static long users(Set<List<Object>> rows) {
        return rows.stream().map(r -> r.get(0)).distinct().count();
    }
}
