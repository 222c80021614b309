package workshop.kit.chat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Instant;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.ids.Snowflake;

/**
 * Imports a channel's history, seq 1 to n, into lesson 08's tables (messages keyed by ((channel_id,
 * bucket), seq), and channel_head) in bulk, with plain inserts: far faster than sending each message.
 */
public final class ChannelImport {

    private ChannelImport() {}

    /**
     * Writes the messages, then creates the channel's head row at seq n with INSERT ... IF NOT EXISTS:
     * from then on that row changes only by compare-and-set, and a row that conditional writes change
     * must never take a plain write, whose timestamp Paxos does not order. Returns whether the head was created.
     */
    public static boolean write(CqlSession session, long channel, long messages, long bucketSize) {
        PreparedStatement insert = session.prepare("""
                INSERT INTO messages (channel_id, bucket, seq, message_id, sender_id, client_msg_id, body, server_ts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)""");
        Snowflake ids = new Snowflake(8);
        Instant start = Instant.now();
        BulkWriter.writeByPartition(session, String.format("writing %,d messages of channel %d", messages, channel), messages, i -> {
            long seq = i + 1;
            return insert.bind(channel, seq / bucketSize, seq, ids.next(), seq % 17, "import-" + seq, "message " + seq,
                    start.plusMillis(seq));
        });
        return session.execute(session.prepare("""
                INSERT INTO channel_head (channel_id, high_water_seq, current_bucket, last_activity)
                VALUES (?, ?, ?, ?) IF NOT EXISTS""").bind(channel, messages, messages / bucketSize, Instant.now())).wasApplied();
    }
}
