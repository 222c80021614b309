package workshop.lesson08;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * Lesson 08: a channel's message history, paged backwards with keyset cursors, and sends that can
 * be retried safely. The history is written once, never updated, grows for ever and is read newest
 * first, a page at a time from a position, at any depth: "the newest 50 of a channel" 40,000 times
 * a second, "the page before this one" 2,000 times. Sends reach several servers at once, and
 * clients retry them. Every page must read the rows it returns and no others.
 *
 * Four tasks, one after the other (./jbang check 08 shows where each stands):
 *   Task 1 (Task1OnePageTest): number each channel's messages 1, 2, 3..., and serve the newest page
 *          and a page below a cursor that lies inside one partition.
 *   Task 2 (Task2AcrossBucketsTest): pages that cross from one partition into the previous one,
 *          stay exact while messages arrive, and know when they are the last.
 *   Task 3 (Task3SharedSequenceTest): one seq per message when several servers send to a channel at once.
 *   Task 4 (Task4RetriedSendTest): a send repeated by its client answers what the first one answered.
 *
 * The rules: no two messages of a channel may overwrite each other; no partition may hold more
 * than bucketSize consecutive seqs of a channel; the history and what numbers a channel's messages
 * are kept for good, a send's answer is remembered for one day (long enough for any retry).
 * The tests read three tables by name, and the key of none: messages (the history), channel_head
 * (what send reads to number a message) and message_by_client_id (the remembered sends, whose rows
 * alone carry a TTL).
 *
 * The tests give you a session already bound to a keyspace of your own: write table names without
 * a keyspace, and use prepared statements with bound values. They use a small bucketSize (25 seqs)
 * so that pages cross partitions with a hundred messages; lesson 08 uses 100,000.
 * workshop.fixtures.ids.Snowflake makes message ids.
 */
public class ChannelMessages {

    /** The largest page a caller may ask for. */
    public static final int MAX_PAGE_SIZE = 100;

    private final CqlSession session;
    private final long bucketSize;

    public ChannelMessages(CqlSession session, long bucketSize) {
        this.session = session;
        this.bucketSize = bucketSize;
    }

    public void createTables() {
        // TODO: create the tables (three of them by the names above), then prepare your statements
        throw new UnsupportedOperationException("TODO: create the tables of lesson 08");
    }

    /**
     * Tasks 1, 3 and 4. Stores a message under the channel's next seq (1 for a channel's first message, then one more
     * for each message, also when several servers send to the same channel at once) and answers
     * with its seq and message id. A send repeated with the same channel, sender and clientMsgId
     * within a day answers what the first one answered and writes nothing, even when the copies
     * arrive at the same moment.
     */
    public Sent send(long channelId, long senderId, String clientMsgId, String body) {
        // TODO: task 1: the channel's next seq; task 3: also with several servers at once; task 4: a retry
        throw new UnsupportedOperationException("TODO: an idempotent send with a per-channel seq");
    }

    /**
     * Tasks 1 and 2. The newest size messages of the channel, newest first, with the cursor for the next page;
     * an empty page with no cursor for a channel with no messages.
     *
     * @throws IllegalArgumentException when size is not between 1 and {@link #MAX_PAGE_SIZE}, before reading anything
     */
    public Page newest(long channelId, int size) {
        // TODO: the newest page
        throw new UnsupportedOperationException("TODO: the newest page of a channel");
    }

    /**
     * Tasks 1 and 2. The size messages just older than the cursor (seq below cursor.beforeSeq()), newest first.
     * A page reads the rows it returns and no others, in as few partitions as it can: a page that
     * runs past a partition's oldest row reads only the rows it still lacks from the next. Its next
     * cursor is empty when nothing older exists. A cursor past the channel's newest message finds
     * nothing: answer an empty page (or refuse it), without walking through empty partitions.
     *
     * @throws IllegalArgumentException when the cursor belongs to another channel, its seq is below 1,
     *                                  or size is not between 1 and {@link #MAX_PAGE_SIZE}, before reading anything
     */
    public Page older(long channelId, Cursor cursor, int size) {
        // TODO: check the input, then the page below the cursor
        throw new UnsupportedOperationException("TODO: the page older than a cursor");
    }
}
