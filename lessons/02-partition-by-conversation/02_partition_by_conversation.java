///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN partition_by_conversation
//DESCRIPTION Lesson 02: partition by conversation, newest first, with time-ordered ids

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.util.List;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.NodesSeen;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class partition_by_conversation {

    static final String KS = "lesson02";
    static final String HOT_CHAT = "general";

    public static void main(String... args) {
        Failures.guard(partition_by_conversation::run);
    }

    static void run() {
        Story.title("02", "partition by conversation");
        Story.say("""
                Design B from lesson 01 is the chat app's messages table: the conversation is the partition
                key and the message id orders rows inside it, newest first. For "newest first" to mean
                "latest in time", the id itself must sort by time.""");

        Story.section("Time-ordered ids");
        Snowflake ids = new Snowflake(1);
        TextTable layout = TextTable.of("id", "ms since 2015 (id >> 22)", "worker", "sequence", "made at (UTC)");
        long[] burst = new long[6];
        for (int i = 0; i < burst.length; i++) {
            burst[i] = ids.next(); // a tight loop: several ids share a millisecond
        }
        for (long id : burst) {
            layout.row(Long.toString(id), Long.toString(id >> Snowflake.TIME_SHIFT), (id >> 12) & 1023, id & 4095,
                    Snowflake.instant(id).toString());
        }
        layout.print();
        Story.say("""
                The milliseconds since Discord's epoch (1 January 2015) sit in the high bits, so a later
                id is a larger number. Ids made in the same millisecond differ in the sequence bits, and
                the worker bits keep two servers apart. No coordination, no lookup: the id alone tells
                when the message was sent.""");

        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            Keyspaces.recreateAndUse(session, KS);
            // tag::schema[]
            session.execute(schema("""
                    CREATE TABLE messages (
                      conversation_id text, message_id bigint, sender_id text, body text,
                      PRIMARY KEY ((conversation_id), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            // end::schema[]
            PreparedStatement insert = session.prepare(
                    "INSERT INTO messages (conversation_id, message_id, sender_id, body) VALUES (?, ?, ?, ?)");
            int messages = 4_000;
            long[] sent = new long[messages];
            for (int i = 0; i < messages; i++) {
                sent[i] = ids.next();
            }
            // One busy chat and 30 quieter ones.
            BulkWriter.write(session, "writing " + messages + " messages", messages, i -> {
                String chat = i % 4 == 0 ? "chat-" + (i % 30) : HOT_CHAT;
                return insert.bind(chat, sent[(int) i], "user-" + (i % 17), "message " + i);
            });
            CostProbe probe = new CostProbe(session);

            Story.section("Q1: the 50 newest messages of one chat");
            // tag::q1[]
            Measured<List<Row>> newest = probe.read(session.prepare(
                    "SELECT message_id, body FROM messages WHERE conversation_id = ? LIMIT 50").bind(HOT_CHAT));
            // end::q1[]
            List<Long> newestIds = newest.value().stream().map(r -> r.getLong("message_id")).toList();
            long expectedFirst = java.util.stream.IntStream.range(0, messages).filter(i -> i % 4 != 0)
                    .mapToLong(i -> sent[i]).max().orElseThrow();
            boolean descending = java.util.stream.IntStream.range(1, newestIds.size())
                    .allMatch(i -> newestIds.get(i) < newestIds.get(i - 1));
            print("Q1", newest.cost());
            Story.say("""
                    %d rows came back, newest first (%s), the first one being the last message sent to %s
                    (%s). The store went to one node, read one partition, and stopped after the limit: it
                    never sorted anything, because the rows are stored in this order.""",
                    newestIds.size(), descending ? "checked" : "NOT in order", HOT_CHAT,
                    newestIds.get(0) == expectedFirst ? "checked" : "NOT the newest");

            Story.section("Q3: open one message from a link that carries both ids");
            long linked = sent[2021];
            QueryCost byLink = probe.read(session.prepare(
                    "SELECT body FROM messages WHERE conversation_id = ? AND message_id = ?").bind(HOT_CHAT, linked)).cost();
            print("Q3 (both ids)", byLink);

            Story.section("Q3 when the link carries only the message id");
            // tag::q3-without-partition-key[]
            QueryCost byIdOnly = probe.read(SimpleStatement.newInstance(
                    "SELECT body FROM messages WHERE message_id = ? ALLOW FILTERING", linked)).cost();
            // end::q3-without-partition-key[]
            print("Q3 (message id only)", byIdOnly);
            Story.say("""
                    Without the partition key the store cannot know where the message lives: it scans every
                    token range on every node (%s) and filters. The trace counts rows after that filter,
                    so "rows read" shows only the match; the price is the scan of every range. Q3 is rare, so
                    lesson 05 gives it a small lookup table (message_id -> conversation_id) instead of a
                    scan. Q1, the busy one, reads one partition.""", byIdOnly.nodesRead());
            NodesSeen.caveat(session, "the scan asking every node").ifPresent(Story::say);
            QueryCost q1 = newest.cost();
            Recap.measured()
                    .line("ids made in the same millisecond differ in their sequence bits; id >> 22 is the time")
                    .line("Q1: %d node(s), %s partition, %d rows read for %d returned, newest first (%s)",
                            q1.nodesAsked(), q1.partitionsDescription(), q1.rowsRead(), q1.rowsReturned(),
                            descending ? "checked" : "NOT in order")
                    .line("Q3 with both ids: %d node(s), %d row read", byLink.nodesAsked(), byLink.rowsRead())
                    .line("Q3 with the message id only: %d node(s), %s", byIdOnly.nodesAsked(),
                            byIdOnly.partitionsDescription())
                    .print("./jbang check 02   (lessons/02-partition-by-conversation/src), then ./jbang lesson03");
        }
    }

    static void print(String query, QueryCost cost) {
        TextTable.of("query", "nodes asked", "partitions read", "rows read", "rows returned")
                .row(query, cost.nodesAsked(), cost.partitionsDescription(), cost.rowsRead(), cost.rowsReturned())
                .print();
    }
}
