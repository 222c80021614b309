package workshop.kit.h2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Lesson 08's H2 measurements on a small channel: what OFFSET and a keyset cursor read, and what they show. */
class PagingTest {

    static final String OFFSET_PAGE = "SELECT seq FROM messages WHERE channel_id = ? ORDER BY channel_id, seq DESC LIMIT ? OFFSET ?";
    static final String OLDER = "SELECT seq FROM messages WHERE channel_id = ? AND seq < ? ORDER BY channel_id, seq DESC LIMIT ?";
    static final String NEWER = "SELECT seq FROM messages WHERE channel_id = ? AND seq > ? ORDER BY channel_id, seq LIMIT ?";
    static final int PAGE = 10;
    static final int ARRIVALS = 3;

    private Connection h2;

    @BeforeEach
    void channel() throws Exception {
        h2 = H2.memory("paging-test");
        ChannelTable.create(h2, 991, 5_000);
        Sql.update(h2, "CREATE INDEX messages_newest_first ON messages (channel_id, seq DESC)");
    }

    @AfterEach
    void close() throws Exception {
        h2.close();
    }

    @Test
    void offsetReadsEverySkippedRowAndTheCursorOnlyItsPage() throws Exception {
        List<PageDepths.Depth> depths = PageDepths.measure(h2, OFFSET_PAGE, OLDER, 991, PAGE, 1, 10, 100);
        assertEquals(List.of(1, 10, 100), depths.stream().map(PageDepths.Depth::page).toList());
        PageDepths.Depth deepest = depths.get(2);
        assertEquals(99 * PAGE, deepest.offset());
        assertTrue(deepest.offsetRowsRead() >= 100 * PAGE, "OFFSET read " + deepest.offsetRowsRead());
        assertTrue(deepest.keysetRowsRead() <= PAGE + 1, "the cursor read " + deepest.keysetRowsRead());
        assertTrue(depths.stream().allMatch(PageDepths.Depth::sameRows), "both ways return the same page");
    }

    @Test
    void arrivalsMoveOffsetsButNotCursors() throws Exception {
        ArrivalsReplay replay = new ArrivalsReplay(h2, new ArrivalsReplay.Queries(OFFSET_PAGE, OLDER, NEWER), PAGE, ARRIVALS);
        int loadsAfterTheFirst = ArrivalsReplay.PAGE_LOADS - 1;
        assertEquals(new ArrivalsReplay.Tally(5, 5 * PAGE, ARRIVALS * loadsAfterTheFirst, 0), replay.replay(42, false, false));
        ArrivalsReplay.Tally towardNewest = replay.replay(42, true, false);
        assertEquals(0, towardNewest.seenTwice(), towardNewest.toString());
        assertTrue(towardNewest.missed() > 0, "OFFSET toward the newest skips rows: " + towardNewest);
        assertEquals(new ArrivalsReplay.Tally(5, 5 * PAGE, 0, 0), replay.replay(42, false, true));
        assertEquals(new ArrivalsReplay.Tally(5, 5 * PAGE, 0, 0), replay.replay(42, true, true));
    }
}
