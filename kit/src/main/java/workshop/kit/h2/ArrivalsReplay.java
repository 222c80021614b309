package workshop.kit.h2;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A reader paging through a channel of messages(channel_id, seq, sender_id, body) while messages
 * arrive between page loads, replayed step by step in a fixed order, so every run counts the same
 * rows seen twice and missed. The pages are the caller's queries, each returning seq first.
 */
public final class ArrivalsReplay {

    /** The page queries: OFFSET (channel, limit, offset); keyset older (channel, seq, limit); keyset newer. */
    public record Queries(String offsetPage, String olderThan, String newerThan) {}

    /** What the reader saw: rows shown more than once, and rows that existed before it started and never showed. */
    public record Tally(int pages, int shown, int seenTwice, int missed) {}

    static final int HISTORY = 300;
    static final int PAGE_LOADS = 5;
    /** The position a reader jumps to before scrolling toward the newest (a search hit, a reply). */
    static final int JUMP_PAGES = 4;

    private final Connection h2;
    private final Queries queries;
    private final int pageSize;
    private final int arrivals;

    public ArrivalsReplay(Connection h2, Queries queries, int pageSize, int arrivals) {
        this.h2 = h2;
        this.queries = queries;
        this.pageSize = pageSize;
        this.arrivals = arrivals;
    }

    /** Resets the channel to its history, then replays the page loads with arrivals between them. */
    public Tally replay(long channel, boolean towardNewest, boolean keyset) throws SQLException {
        Sql.update(h2, "DELETE FROM messages WHERE channel_id = ?", channel);
        long[] newest = {0};
        arrive(channel, newest, HISTORY);
        Set<Long> before = new HashSet<>(seqs("SELECT seq FROM messages WHERE channel_id = ?", channel));
        int jump = JUMP_PAGES * pageSize;
        List<Long> shown = new ArrayList<>(seqs(queries.offsetPage(), channel, pageSize, towardNewest ? jump : 0));
        for (int step = 1; step < PAGE_LOADS; step++) {
            arrive(channel, newest, arrivals);
            List<Long> page;
            if (!keyset) {
                page = seqs(queries.offsetPage(), channel, pageSize, towardNewest ? jump - step * pageSize : step * pageSize);
            } else if (towardNewest) {
                page = new ArrayList<>(seqs(queries.newerThan(), channel, Collections.max(shown), pageSize));
                Collections.reverse(page); // shown newest first, like every other page
            } else {
                page = seqs(queries.olderThan(), channel, Collections.min(shown), pageSize);
            }
            shown.addAll(page);
        }
        TreeSet<Long> distinct = new TreeSet<>(shown);
        int missed = (int) before.stream().filter(s -> s >= distinct.first() && s <= distinct.last())
                .filter(s -> !distinct.contains(s)).count();
        return new Tally(PAGE_LOADS, shown.size(), shown.size() - distinct.size(), missed);
    }

    private List<Long> seqs(String sql, Object... parameters) throws SQLException {
        return Sql.list(h2, row -> row.getLong(1), sql, parameters);
    }

    /** Appends count messages to the channel; newest[0] holds its highest seq. */
    private void arrive(long channel, long[] newest, int count) throws SQLException {
        try (PreparedStatement insert = h2.prepareStatement("INSERT INTO messages (channel_id, seq, sender_id, body) VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < count; i++) {
                long seq = ++newest[0];
                insert.setLong(1, channel);
                insert.setLong(2, seq);
                insert.setLong(3, seq % 17);
                insert.setString(4, "message " + seq);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }
}
