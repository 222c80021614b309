///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/concurrent/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//MAIN write_strategies
//DESCRIPTION Appendix to lesson 04: three ways to apply one message's writes, timed side by side

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.IntConsumer;
import workshop.fixtures.concurrent.SideBySide;
import workshop.fixtures.ids.Snowflake;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class write_strategies {

    static final String KS = "lesson04a";
    static final int SAMPLES = 7;
    static final int[] GROUP_SIZES = {2, 6, 100};
    static final Snowflake IDS = new Snowflake(5);

    public static void main(String... args) {
        Failures.guard(write_strategies::run);
    }

    static void run() {
        Story.title("04a", "appendix: three ways to apply a message's writes");
        Story.say("""
                Lesson 04 sends each message with one write for the message and one per member's chat
                list. Here the same writes go out three ways: one logged batch (one request, all or
                nothing), one write at a time (each waits for the one before), and all at once without a
                batch (every write its own request, none waiting). The three take turns, message by
                message, %d messages each, and the median of each is shown.""", SAMPLES);
        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            Keyspaces.recreateAndUse(session, KS);
            session.execute(schema("""
                    CREATE TABLE messages (conversation_id text, message_id bigint, body text,
                      PRIMARY KEY ((conversation_id), message_id))"""));
            session.execute(schema("""
                    CREATE TABLE chat_lists (user_id text, conversation_id text, last_message_id bigint,
                      PRIMARY KEY ((user_id), conversation_id))"""));
            PreparedStatement message = session.prepare(
                    "INSERT INTO messages (conversation_id, message_id, body) VALUES (?, ?, ?)");
            PreparedStatement listRow = session.prepare(
                    "INSERT INTO chat_lists (user_id, conversation_id, last_message_id) VALUES (?, ?, ?)");
            TextTable table = TextTable.of("members", "writes", "batch (ms)", "one by one (ms)", "all at once (ms)",
                    "one by one / batch");
            List<String> ratios = new ArrayList<>();
            for (int members : GROUP_SIZES) {
                String chat = "group-of-" + members;
                List<IntConsumer> ways = List.of(
                        i -> session.execute(BatchStatement.newInstance(BatchType.LOGGED, send(message, listRow, chat, members))),
                        i -> send(message, listRow, chat, members).forEach(session::execute),
                        i -> CompletableFuture.allOf(send(message, listRow, chat, members).stream()
                                .map(session::executeAsync).map(CompletionStage::toCompletableFuture)
                                .toArray(CompletableFuture[]::new)).join());
                double[] ms = SideBySide.medianMillis(SAMPLES, ways);
                String ratio = String.format("%.1fx", ms[1] / ms[0]);
                ratios.add(ratio + " at " + members + " members");
                table.row(members, members + 1, ms[0], ms[1], ms[2], ratio);
            }
            table.print();
            Story.say("""
                    Take these as a rough guide: on a shared machine a busy moment can reorder two close
                    figures, which is why lesson 04 tells its story with counts. The shape that usually
                    holds: one by one grows with the members, since every write waits for the one before;
                    all at once is quick but is as many requests as writes and promises nothing if the
                    sender dies halfway; the logged batch is one request, plus storing and removing the
                    batch log on other nodes, and it is the only one of the three that is all or nothing.""");
            Recap.measured()
                    .line("one message to a group of n is n + 1 writes, whichever way they are sent")
                    .line("median time, one by one over the logged batch: %s", String.join(", ", ratios))
                    .line("only the logged batch is all or nothing; none of the three is isolated")
                    .print("./jbang lesson05");
        }
    }

    /** The message and one chat-list row per member, fresh ids each time. */
    static List<BatchableStatement<?>> send(PreparedStatement message, PreparedStatement listRow, String chat,
                                            int members) {
        long id = IDS.next();
        List<BatchableStatement<?>> writes = new ArrayList<>();
        writes.add(message.bind(chat, id, "hello " + id));
        for (int m = 0; m < members; m++) {
            writes.add(listRow.bind("member-" + m, chat, id));
        }
        return writes;
    }
}
