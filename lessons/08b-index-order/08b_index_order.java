///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/h2/*.java
//MAIN index_order
//DESCRIPTION Appendix to lesson 08: which index and which ORDER BY let H2 stop after one page

import java.sql.Connection;
import java.sql.SQLException;
import workshop.fixtures.h2.ChannelTable;
import workshop.fixtures.h2.H2;
import workshop.fixtures.h2.PlanLine;
import workshop.fixtures.h2.Sql;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class index_order {

    static final int PAGE = 50;
    static final long CHANNEL = 991;
    static final int CHANNEL_SIZE = 60_000;
    static final String NAMED =
            "SELECT seq FROM messages WHERE channel_id = ? ORDER BY channel_id, seq DESC LIMIT ?";
    static final String SEQ_ONLY =
            "SELECT seq FROM messages WHERE channel_id = ? ORDER BY seq DESC LIMIT ?";

    public static void main(String... args) {
        Failures.guard(index_order::run);
    }

    static void run() throws SQLException {
        Story.title("08b", "appendix: an index that lets the engine stop early");
        Story.say("""
                Lesson 08's keyset page reads only its page because an index hands H2 the channel newest
                first, so the engine stops once it has %d rows. Here is what it takes: the same newest
                page of channel %d (%,d messages, 40 other channels in the table), asked with and
                without that index, and with two ways of writing the ORDER BY.""", PAGE, CHANNEL, CHANNEL_SIZE);
        try (Connection h2 = H2.memory("lesson08b")) {
            ChannelTable.create(h2, CHANNEL, CHANNEL_SIZE);
            PlanLine primaryKey = PlanLine.of(h2, NAMED, CHANNEL, PAGE);
            Sql.update(h2, "CREATE INDEX messages_newest_first ON messages (channel_id, seq DESC)");
            PlanLine named = PlanLine.of(h2, NAMED, CHANNEL, PAGE);
            PlanLine seqOnly = PlanLine.of(h2, SEQ_ONLY, CHANNEL, PAGE);
            TextTable.of("indexes", "ORDER BY", "index used", "sorted", "rows read")
                    .row("primary key", "channel_id, seq DESC", primaryKey.index(), primaryKey.sorted(), primaryKey.rowsRead())
                    .row("+ (channel_id, seq DESC)", "channel_id, seq DESC", named.index(), named.sorted(), named.rowsRead())
                    .row("+ (channel_id, seq DESC)", "seq DESC", seqOnly.index(), seqOnly.sorted(), seqOnly.rowsRead())
                    .print();
            Story.say("""
                    The primary key finds the channel, but it holds the channel's rows in ascending seq order
                    and H2 does not walk an index backwards: to hand back the newest %d it reads every message
                    of the channel (%,d rows) and sorts them. The first page is as expensive as a full export.
                    With the index on (channel_id, seq DESC), H2 starts at the top and stops after the page.
                    But it only trusts an index to deliver the order when the ORDER BY lists the index's
                    columns in its order: "ORDER BY seq DESC" asks for the same rows (channel_id is fixed by
                    the WHERE clause), yet H2 reads the whole channel and sorts. Read the plan: "index sorted"
                    is what lets the engine stop early.""", PAGE, primaryKey.rowsRead());
            Recap.measured()
                    .line("primary key only: %,d rows read for the newest %d", primaryKey.rowsRead(), PAGE)
                    .line("index on (channel_id, seq DESC), ORDER BY naming its columns: %,d rows read (%s sorted)",
                            named.rowsRead(), named.sorted().equals("yes") ? "index" : "NOT")
                    .line("the same index, ORDER BY seq DESC: %,d rows read, index %s", seqOnly.rowsRead(), seqOnly.index())
                    .print("./jbang lesson09");
        }
    }
}
