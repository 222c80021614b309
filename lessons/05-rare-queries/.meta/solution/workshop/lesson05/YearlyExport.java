package workshop.lesson05;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.time.Year;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import workshop.kit.cassandra.TokenRangeScan;
import workshop.kit.cassandra.TokenSlice;
import workshop.fixtures.ids.Snowflake;

/**
 * Reference solution: one query per slice, open at the start and closed at the end, so slices laid
 * end to end read each partition once; matches go into a concurrent queue and are sorted at the end.
 */
public class YearlyExport {

    private final CqlSession session;
    private final PreparedStatement bySlice;

    public YearlyExport(CqlSession session) {
        this.session = session;
        this.bySlice = session.prepare("""
                SELECT conversation_id, message_id, sender_id, body FROM messages
                WHERE token(conversation_id) > ? AND token(conversation_id) <= ?""");
    }

    public List<Message> export(String senderId, int year, List<TokenSlice> slices, int workers) {
        long first = Snowflake.firstIdAt(startOf(year));
        long afterLast = Snowflake.firstIdAt(startOf(year + 1));
        Queue<Message> found = new ConcurrentLinkedQueue<>();
        // tag::export-scan[]
        TokenRangeScan.forEachSlice(slices, workers, "export of " + senderId + "'s " + year, slice -> {
            for (Row row : session.execute(bySlice.bind(slice.startExclusive(), slice.endInclusive()))) {
                long id = row.getLong("message_id");
                if (row.getString("sender_id").equals(senderId) && id >= first && id < afterLast) {
                    found.add(new Message(row.getString("conversation_id"), id, senderId, row.getString("body")));
                }
            }
        });
        // end::export-scan[]
        List<Message> oldestFirst = new ArrayList<>(found);
        oldestFirst.sort(Comparator.comparingLong(Message::messageId));
        return oldestFirst;
    }

    private static Instant startOf(int year) {
        return Year.of(year).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    }
}
