package workshop.kit.h2;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Pages through one channel newest first with a keyset cursor and, at the chosen depths, measures
 * what the same page costs asked with OFFSET and asked with the cursor (EXPLAIN ANALYZE scanCount).
 */
public final class PageDepths {

    /**
     * One page measured both ways.
     *
     * @param cursor   the seq the keyset page continued below; Long.MAX_VALUE on page 1
     * @param sameRows whether both queries returned the same rows
     */
    public record Depth(int page, int offset, long offsetRowsRead, long cursor, long keysetRowsRead, boolean sameRows) {

        public double ratio() {
            return (double) offsetRowsRead / keysetRowsRead;
        }
    }

    private PageDepths() {}

    /**
     * offsetPage binds (channel, limit, offset) and keysetPage (channel, below seq, limit); both
     * return seq first, newest first. depths are page numbers, in ascending order.
     */
    public static List<Depth> measure(Connection h2, String offsetPage, String keysetPage, long channel, int pageSize,
                                      int... depths) throws SQLException {
        List<Depth> measured = new ArrayList<>();
        long cursor = Long.MAX_VALUE;
        for (int page = 1, next = 0; next < depths.length; page++) {
            List<Long> keysetRows = seqs(h2, keysetPage, channel, cursor, pageSize);
            if (page == depths[next]) {
                int offset = (page - 1) * pageSize;
                measured.add(new Depth(page, offset, H2.rowsScanned(h2, offsetPage, channel, pageSize, offset), cursor,
                        H2.rowsScanned(h2, keysetPage, channel, cursor, pageSize),
                        keysetRows.equals(seqs(h2, offsetPage, channel, pageSize, offset))));
                next++;
            }
            cursor = keysetRows.get(keysetRows.size() - 1);
        }
        return measured;
    }

    private static List<Long> seqs(Connection h2, String sql, Object... parameters) throws SQLException {
        return Sql.list(h2, row -> row.getLong(1), sql, parameters);
    }
}
