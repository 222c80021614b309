package workshop.lesson08;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import workshop.fixtures.ids.Snowflake;

/**
 * Reference solution: seq allocated by compare-and-set on channel_head, an idempotency claim
 * with IF NOT EXISTS, and keyset pages that walk back one bucket at a time. The history never
 * expires and a bucket counts seqs, not days, so it is compacted by levels (read mostly, kept for
 * good), not by time windows, which fit only rows that expire.
 */
public class ChannelMessages {

    public static final int MAX_PAGE_SIZE = 100;
    /** Losing this many compare-and-sets in a row means the channel is far busier than one head row can serve. */
    private static final int MAX_ALLOCATION_ATTEMPTS = 100;

    private final CqlSession session;
    private final long bucketSize;
    private final Snowflake ids = new Snowflake(1);
    private PreparedStatement insertMessage;
    private PreparedStatement readMessage;
    private PreparedStatement pageOfBucket;
    private PreparedStatement readHead;
    private PreparedStatement startHead;
    private PreparedStatement advanceHead;
    private PreparedStatement readClaim;
    private PreparedStatement claim;

    public ChannelMessages(CqlSession session, long bucketSize) {
        this.session = session;
        this.bucketSize = bucketSize;
    }

    public void createTables() {
        schema("""
                CREATE TABLE IF NOT EXISTS messages (
                  channel_id bigint, bucket bigint, seq bigint,
                  message_id bigint, sender_id bigint, client_msg_id text, body text, server_ts timestamp,
                  PRIMARY KEY ((channel_id, bucket), seq))
                WITH CLUSTERING ORDER BY (seq DESC)
                  AND compaction = {'class': 'LeveledCompactionStrategy'}""");
        schema("""
                CREATE TABLE IF NOT EXISTS channel_head (
                  channel_id bigint PRIMARY KEY, high_water_seq bigint, current_bucket bigint, last_activity timestamp)""");
        schema("""
                CREATE TABLE IF NOT EXISTS message_by_client_id (
                  channel_id bigint, sender_id bigint, client_msg_id text, seq bigint, message_id bigint,
                  PRIMARY KEY ((channel_id, sender_id, client_msg_id)))
                WITH default_time_to_live = 86400""");
        insertMessage = session.prepare("""
                INSERT INTO messages (channel_id, bucket, seq, message_id, sender_id, client_msg_id, body, server_ts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""");
        readMessage = session.prepare("SELECT message_id FROM messages WHERE channel_id = ? AND bucket = ? AND seq = ?");
        pageOfBucket = session.prepare("""
                SELECT seq, message_id, sender_id, client_msg_id, body FROM messages
                WHERE channel_id = ? AND bucket = ? AND seq < ? LIMIT ?""");
        readHead = session.prepare("SELECT high_water_seq FROM channel_head WHERE channel_id = ?");
        startHead = session.prepare("""
                INSERT INTO channel_head (channel_id, high_water_seq, current_bucket, last_activity)
                VALUES (?, 1, ?, ?) IF NOT EXISTS""");
        advanceHead = session.prepare("""
                UPDATE channel_head SET high_water_seq = ?, current_bucket = ?, last_activity = ?
                WHERE channel_id = ? IF high_water_seq = ?""");
        readClaim = session.prepare(
                "SELECT seq, message_id FROM message_by_client_id WHERE channel_id = ? AND sender_id = ? AND client_msg_id = ?");
        claim = session.prepare("""
                INSERT INTO message_by_client_id (channel_id, sender_id, client_msg_id, seq, message_id)
                VALUES (?, ?, ?, ?, ?) IF NOT EXISTS""");
    }

    public Sent send(long channelId, long senderId, String clientMsgId, String body) {
        Row claimed = session.execute(readClaim.bind(channelId, senderId, clientMsgId)).one();
        if (claimed != null) {
            return repeat(new Message(channelId, claimed.getLong("seq"), claimed.getLong("message_id"), senderId,
                    clientMsgId, body));
        }
        long seq = allocate(channelId);
        long messageId = ids.next();
        ResultSet claimResult = session.execute(claim.bind(channelId, senderId, clientMsgId, seq, messageId));
        if (!claimResult.wasApplied()) {
            // A copy of this send claimed the id a moment earlier: its answer is ours, and our seq stays unused.
            Row winner = claimResult.one();
            return new Sent(winner.getLong("seq"), winner.getLong("message_id"));
        }
        write(new Message(channelId, seq, messageId, senderId, clientMsgId, body));
        return new Sent(seq, messageId);
    }

    /** A send seen before: answer as the first time, and finish its write if the first attempt died before it. */
    private Sent repeat(Message first) {
        long seq = first.seq();
        if (session.execute(readMessage.bind(first.channelId(), bucketOf(seq), seq)).one() == null) {
            write(first);
        }
        return new Sent(seq, first.messageId());
    }

    private void write(Message message) {
        session.execute(insertMessage.bind(message.channelId(), bucketOf(message.seq()), message.seq(), message.messageId(),
                message.senderId(), message.clientMsgId(), message.body(), Instant.now()));
    }

    /** The channel's next seq: moves the head from n to n + 1 only if no one else moved it first. */
    private long allocate(long channelId) {
        Row head = session.execute(readHead.bind(channelId)).one();
        if (head == null) {
            ResultSet started = session.execute(startHead.bind(channelId, bucketOf(1), Instant.now()));
            if (started.wasApplied()) {
                return 1;
            }
            head = started.one(); // another sender started the channel first: continue from its value
        }
        long current = head.getLong("high_water_seq");
        for (int attempt = 0; attempt < MAX_ALLOCATION_ATTEMPTS; attempt++) {
            long next = current + 1;
            ResultSet moved = session.execute(advanceHead.bind(next, bucketOf(next), Instant.now(), channelId, current));
            if (moved.wasApplied()) {
                return next;
            }
            current = moved.one().getLong("high_water_seq"); // the losing answer carries the winner's value
        }
        throw new IllegalStateException("Channel " + channelId + ": lost " + MAX_ALLOCATION_ATTEMPTS
                + " compare-and-sets on channel_head in a row");
    }

    public Page newest(long channelId, int size) {
        requireSize(size);
        Row head = session.execute(readHead.bind(channelId)).one();
        if (head == null) {
            return new Page(List.of(), Optional.empty());
        }
        return pageBelow(channelId, head.getLong("high_water_seq") + 1, size);
    }

    public Page older(long channelId, Cursor cursor, int size) {
        requireSize(size);
        Objects.requireNonNull(cursor, "cursor");
        if (cursor.channelId() != channelId) {
            throw new IllegalArgumentException("This cursor belongs to channel " + cursor.channelId() + ", not to channel "
                    + channelId + ": a cursor only continues the listing it came from.");
        }
        if (cursor.beforeSeq() < 1) {
            throw new IllegalArgumentException("A cursor's seq is 1 or more; this one has " + cursor.beforeSeq()
                    + ", so it did not come from a page.");
        }
        return pageBelow(channelId, cursor.beforeSeq(), size);
    }

    /** Newest first below beforeSeq, one bucket at a time, asking each only for the rows still missing. */
    // tag::page-below[]
    private Page pageBelow(long channelId, long beforeSeq, int size) {
        List<Message> page = new ArrayList<>();
        for (long bucket = bucketOf(beforeSeq - 1); bucket >= 0 && page.size() < size; bucket--) {
            List<Row> rows = session.execute(pageOfBucket.bind(channelId, bucket, beforeSeq, size - page.size())).all();
            if (rows.isEmpty()) {
                break; // seqs are dense, so an empty bucket means nothing older (or a cursor past the newest message)
            }
            for (Row row : rows) {
                page.add(new Message(channelId, row.getLong("seq"), row.getLong("message_id"), row.getLong("sender_id"),
                        row.getString("client_msg_id"), row.getString("body")));
            }
        }
        boolean more = page.size() == size && page.get(size - 1).seq() > 1;
        return new Page(page, more ? Optional.of(new Cursor(channelId, page.get(size - 1).seq())) : Optional.empty());
    }
    // end::page-below[]

    private static void requireSize(int size) {
        if (size < 1 || size > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("A page holds 1 to " + MAX_PAGE_SIZE + " messages; " + size + " was asked for.");
        }
    }

    private long bucketOf(long seq) {
        return seq / bucketSize;
    }

    private void schema(String cql) {
        session.execute(SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60)));
    }
}
