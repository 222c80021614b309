package workshop.kit.h2;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Lesson 08's relational table, messages(channel_id, seq, sender_id, body) with PRIMARY KEY
 * (channel_id, seq): one busy channel holding seq 1 to n, and 40 other channels sharing the table
 * so that a scan of the whole table would show.
 */
public final class ChannelTable {

    static final int OTHER_CHANNELS = 40;
    static final int OTHER_MESSAGES = 20_000;

    private ChannelTable() {}

    public static void create(Connection h2, long busyChannel, int messages) throws SQLException {
        Sql.update(h2, """
                CREATE TABLE messages (channel_id BIGINT NOT NULL, seq BIGINT NOT NULL, sender_id BIGINT,
                  body VARCHAR(200), PRIMARY KEY (channel_id, seq))""");
        Sql.update(h2, "INSERT INTO messages SELECT ?, X, MOD(X, 17), 'message ' || X FROM SYSTEM_RANGE(1, ?)",
                busyChannel, messages);
        Sql.update(h2, "INSERT INTO messages SELECT 1 + MOD(X, ?), X, MOD(X, 17), 'message ' || X FROM SYSTEM_RANGE(1, ?)",
                OTHER_CHANNELS, OTHER_MESSAGES);
    }
}
