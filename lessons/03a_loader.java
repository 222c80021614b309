///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN loader
//DESCRIPTION Appendix to lesson 03: a plain loop of writes against writes kept in flight

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.Arrays;
import java.util.function.LongFunction;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.ids.Snowflake;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class loader {

    static final String KS = "lesson03a";
    /** Rounds of the comparison; the two loaders take turns, so a busy moment slows both alike. */
    static final int ROUNDS = 3;
    static final int MESSAGES_PER_ROUND = 300;
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
                flight instead: never more, so the nodes are not flooded. Both load the same kind of rows
                here, taking turns round by round.""");
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
            LongFunction<Statement<?>> message = i -> insert.bind("chat-" + i % 50, IDS.next(), "x".repeat(100));
            TextTable rounds = TextTable.of("round", "plain loop (writes/s)", "128 in flight (writes/s)", "ratio");
            double[] ratios = new double[ROUNDS];
            for (int round = 0; round < ROUNDS; round++) {
                BulkWriter.Load plain = BulkWriter.writeOneByOne(session, "round " + (round + 1) + ", one by one",
                        MESSAGES_PER_ROUND, message);
                BulkWriter.Load inFlight = BulkWriter.write(session, "round " + (round + 1) + ", 128 in flight",
                        MESSAGES_PER_ROUND, message);
                ratios[round] = inFlight.perSecond() / plain.perSecond();
                rounds.row(round + 1, Math.round(plain.perSecond()), Math.round(inFlight.perSecond()),
                        String.format("%.1fx", ratios[round]));
            }
            rounds.print();
            Arrays.sort(ratios);
            Story.say("""
                    A wall-clock comparison on a shared machine is only a rough guide: the rounds above differ,
                    and a busy moment can even invert one. What holds on every run is the direction, and
                    why: the plain loop waits for %,d answers one after another, the other keeps the node
                    busy while answers travel. No lesson draws its point from these timings; they rest on
                    what the store's trace counts.""", MESSAGES_PER_ROUND);
            Recap.measured()
                    .line("%d rounds of %d writes each way, taking turns", ROUNDS, MESSAGES_PER_ROUND)
                    .line("writes in flight loaded %.1fx to %.1fx as fast as the plain loop", ratios[0],
                            ratios[ROUNDS - 1])
                    .line("timings move with the machine's load; counts from the trace do not")
                    .print("./jbang lesson04");
        }
    }
}
