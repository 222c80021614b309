///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN loader
//DESCRIPTION Appendix to lesson 03: a plain loop of writes, writes kept in flight, batches of a partition

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.Arrays;
import java.util.function.LongFunction;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class loader {

    static final String KS = "lesson03a";
    /** Rounds of the comparison; the two loaders take turns, so a busy moment slows both alike. */
    static final int ROUNDS = 3;
    static final int MESSAGES_PER_ROUND = 3_000;
    /** Chats the rows fall in: 100 rows of each per round, as a lesson's history has. */
    static final int CHATS = 30;
    static final Snowflake IDS = new Snowflake(3);

    public static void main(String... args) {
        Failures.guard(loader::run);
    }

    static void run() {
        Story.title("03a", "appendix: how the lessons load their data");
        Story.say("""
                The lessons write thousands of rows before they measure anything. A plain loop sends one
                write and waits for its answer before sending the next, so most of its time is spent
                waiting on the network and the node. The kit's BulkWriter keeps up to 128 writes in
                flight instead: never more, so the nodes are not flooded. Where rows share a partition,
                it can also send them as one unlogged batch (up to %d rows of that one partition): the
                node applies it as one write, and the client saves a round trip per row. The three load
                the same kind of rows here (%d chats), taking turns round by round.""",
                BulkWriter.BATCH_ROWS, CHATS);
        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            Keyspaces.recreateAndUse(session, KS);
            session.execute(schema("""
                    CREATE TABLE messages (
                      conversation_id text, message_id bigint, body text,
                      PRIMARY KEY ((conversation_id), message_id))
                    WITH CLUSTERING ORDER BY (message_id DESC)"""));
            PreparedStatement insert = session.prepare(
                    "INSERT INTO messages (conversation_id, message_id, body) VALUES (?, ?, ?)");
            LongFunction<BoundStatement> message = i -> insert.bind("chat-" + i % CHATS, IDS.next(), "x".repeat(100));
            TextTable rounds = TextTable.of("round", "plain loop", "128 in flight", "batched", "in flight / plain",
                    "batched / in flight");
            double[] ratios = new double[ROUNDS];
            double[] batchedRatios = new double[ROUNDS];
            for (int round = 0; round < ROUNDS; round++) {
                BulkWriter.Load plain = BulkWriter.writeOneByOne(session, "round " + (round + 1) + ", one by one",
                        MESSAGES_PER_ROUND, message::apply);
                BulkWriter.Load inFlight = BulkWriter.write(session, "round " + (round + 1) + ", 128 in flight",
                        MESSAGES_PER_ROUND, message::apply);
                BulkWriter.Load batched = BulkWriter.writeByPartition(session, "round " + (round + 1) + ", batched",
                        MESSAGES_PER_ROUND, message);
                ratios[round] = inFlight.perSecond() / plain.perSecond();
                batchedRatios[round] = batched.perSecond() / inFlight.perSecond();
                rounds.row(round + 1, Math.round(plain.perSecond()), Math.round(inFlight.perSecond()),
                        Math.round(batched.perSecond()), String.format("%.1fx", ratios[round]),
                        String.format("%.1fx", batchedRatios[round]));
            }
            rounds.print();
            Story.say("Rows written per second, each loader's %,d rows per round.", MESSAGES_PER_ROUND);
            Arrays.sort(ratios);
            Arrays.sort(batchedRatios);
            Story.say("""
                    A wall-clock comparison on a shared machine is only a rough guide: the rounds above differ,
                    and a busy moment can even invert one. What holds on every run is the direction, and
                    why: the plain loop waits for %,d answers one after another, the others keep the node
                    busy while answers travel, and a batch carries many rows in one answer. No lesson draws
                    its point from these timings; they rest on what the store's trace counts.""",
                    MESSAGES_PER_ROUND);
            Recap.measured()
                    .line("%d rounds of %,d writes each way, taking turns", ROUNDS, MESSAGES_PER_ROUND)
                    .line("writes in flight loaded %.1fx to %.1fx as fast as the plain loop", ratios[0],
                            ratios[ROUNDS - 1])
                    .line("batches of one partition loaded %.1fx to %.1fx as fast as single writes in flight",
                            batchedRatios[0], batchedRatios[ROUNDS - 1])
                    .line("timings move with the machine's load; counts from the trace do not")
                    .print("./jbang lesson04");
        }
    }
}
