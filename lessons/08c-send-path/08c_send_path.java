///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/chat/*.java
//SOURCES ../../fixtures/src/main/java/workshop/fixtures/ids/*.java
//SOURCES ../08-cursor-pagination/given/workshop/lesson08/*.java
//SOURCES ../08-cursor-pagination/.meta/solution/workshop/lesson08/ChannelMessages.java
//MAIN send_path
//DESCRIPTION Appendix to lesson 08: the send path: seq allocated by compare-and-set, and a retried send

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import workshop.fixtures.chat.ChannelImport;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.PaxosVariant;
import workshop.kit.cost.CostProbe;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.StatementSteps;
import workshop.kit.cost.StatementSteps.Recorded;
import workshop.kit.cost.StatementSteps.Step;
import workshop.kit.cost.TracingSession;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson08.ChannelMessages;
import workshop.lesson08.Sent;

/**
 * How a message is sent through lesson 08's tables: the reference solution's ChannelMessages
 * (solutions/.../lesson08, compiled into this script), recorded statement by statement.
 */
class send_path {

    static final String KS = "lesson08c";
    static final long CHANNEL = 991;
    /** A short history is enough: a send touches the head row and the newest bucket only. */
    static final long HISTORY = 1_000;
    static final long BUCKET_SIZE = 100_000;
    /** A channel whose head only plain writes touch, for comparing a plain write with a compare-and-set. */
    static final long UNCONDITIONAL_CHANNEL = 990;
    static final Recap RECAP = Recap.measured();

    private final CqlSession session;
    private final TracingSession traced;
    private final StatementSteps steps;
    private final ChannelMessages channel;

    send_path(CqlSession session) {
        this.session = session;
        this.traced = new TracingSession(session);
        this.steps = new StatementSteps(traced);
        this.channel = new ChannelMessages(steps, BUCKET_SIZE);
    }

    public static void main(String... args) {
        Failures.guard(send_path::run);
    }

    static void run() {
        Story.title("08c", "appendix: the send path");
        try (CqlSession session = Cassandra.findOrStart().connect()) {
            Keyspaces.recreateAndUse(session, KS);
            send_path sends = new send_path(session);
            sends.channel.createTables();
            ChannelImport.write(session, CHANNEL, HISTORY, BUCKET_SIZE);
            Story.say("""
                    Lesson 08's three tables again, with channel %d's history imported (seq 1 to %,d) and its
                    head row created by INSERT ... IF NOT EXISTS. Every send below goes through the
                    reference solution's full path, and each of its statements is traced.""", CHANNEL, HISTORY);
            sends.sequenceAllocation();
            sends.idempotentSend();
            long head = sends.highWater();
            long sent = session.execute(session.prepare("SELECT COUNT(*) FROM messages WHERE channel_id = ? AND bucket = ?"
                    + " AND seq > ?").bind(CHANNEL, HISTORY / BUCKET_SIZE, HISTORY)).one().getLong(0);
            RECAP.line("channel_head moved from %,d to %,d for %d messages written: one seq each, none for the retry",
                    HISTORY, head, sent);
        }
        RECAP.print("./jbang check 08   (lessons/08-cursor-pagination/src), then ./jbang lesson09");
    }

    /** The channel's last allocated seq, read from its head row. */
    long highWater() {
        return session.execute(session.prepare("SELECT high_water_seq FROM channel_head WHERE channel_id = ?")
                .bind(CHANNEL)).one().getLong("high_water_seq");
    }

    void sequenceAllocation() {
        Story.section("Allocating seq: compare-and-set on channel_head");
        Story.say("""
                Every message needs the next seq of its channel, exactly once. The sender reads the head,
                then asks Cassandra to move it from n to n + 1 only if it is still n: a lightweight
                transaction (Paxos). Two servers that read the same n race; one wins, the other is told
                the current value and tries again with it. Below, server B sends right after server A
                has read the head, every time: the race that happens once in a while, staged.""");
        long n = highWater();
        // The plain write for comparison goes to a row no conditional write ever touches.
        QueryCost plain = new CostProbe(traced).write(session.prepare(
                "UPDATE channel_head SET last_activity = ? WHERE channel_id = ?").bind(Instant.now(), UNCONDITIONAL_CHANNEL));
        ChannelMessages serverB = new ChannelMessages(traced, BUCKET_SIZE);
        serverB.createTables();
        List<Measured<Sent>> sentByB = new ArrayList<>();
        Recorded<Sent> serverA = steps.record(() -> channel.send(CHANNEL, 1, "server-a-0001", "from server A"),
                "channel_head", () -> sentByB.add(traced.measure(() -> serverB.send(CHANNEL, 2, "server-b-0001", "from B"))));
        TextTable table = TextTable.of("server A's statements (and B's send)", "applied", "partitions read",
                "rows read", "partition writes");
        table.row("plain UPDATE, channel " + UNCONDITIONAL_CHANNEL + "'s head", "-", plain.partitionsRead(),
                plain.rowsRead(), plain.partitionWrites());
        Step won = null;
        for (Step step : serverA.steps()) {
            QueryCost cost = step.cost();
            table.row(step.summary(), step.appliedText(), cost.partitionsRead(), cost.rowsRead(), cost.partitionWrites());
            if (step.reads("channel_head")) {
                QueryCost b = sentByB.get(0).cost();
                table.row("server B: its whole send", "yes", b.partitionsRead(), b.rowsRead(), b.partitionWrites());
            }
            won = Boolean.TRUE.equals(step.applied()) && step.query().startsWith("UPDATE") ? step : won;
        }
        table.print();
        double ms = won.cost().elapsed().toNanos() / 1e6;
        Story.say("""
                Server A read high_water_seq %,d; server B took seq %,d in between, so A's first
                compare-and-set was refused and came back with the current value: its second try needed
                no extra read, and A got seq %,d. The price shows in the trace: a compare-and-set reads
                the row to check the condition and writes the Paxos state (system.paxos) besides the row
                itself; compare its partition writes with the plain update. With three replicas, the
                prepare, the read and the proposal each wait for a majority of them, and the commit for
                the statement's consistency level. %s All sends of a channel pass through its one head
                row, one compare-and-set at a time: the trace timed the winning one at %.1f ms on this
                machine, which would allow roughly %,d allocations a second per channel before senders
                start losing races and retrying (a rough figure: a busy machine changes it from run to
                run). A chat channel sends far fewer. Handing each server a block of seqs would be
                cheaper, but then seq order is no longer send order and pages would show messages out of
                order. A seq taken and never used (a crash between allocation and write) leaves a gap,
                which keyset pages do not notice.""", n, sentByB.get(0).value().seq(), serverA.value().seq(),
                PaxosVariant.sentence(session), ms, Math.round(1000 / Math.max(ms, 0.1)));
        RECAP.line("a compare-and-set on channel_head read %d row and wrote %d Paxos state rows besides the"
                + " head, where a plain update read %d; the loser got the current value back",
                won.cost().rowsRead(), won.cost().paxosWrites(), plain.rowsRead());
    }

    void idempotentSend() {
        Story.section("Idempotent sends: a retry returns the first result and writes nothing");
        Story.say("""
                A phone sends a message, the connection drops before the answer arrives, and the app sends
                it again with the same client_msg_id. The server first looks the id up in
                message_by_client_id; only when it is not there does it allocate a seq, claim the id
                (INSERT ... IF NOT EXISTS, so two copies racing each other cannot both win) and write the
                message.""");
        long sender = 5;
        String clientMsgId = "phone-5-0001";
        Recorded<Sent> first = steps.record(() -> channel.send(CHANNEL, sender, clientMsgId, "on my way"));
        Recorded<Sent> retry = steps.record(() -> channel.send(CHANNEL, sender, clientMsgId, "on my way"));
        TextTable table = TextTable.of("send", "statement", "partitions read", "rows read", "partition writes");
        for (Recorded<Sent> send : List.of(first, retry)) {
            send.steps().forEach(step -> table.row(send == first ? "first" : "retry", step.summary(),
                    step.cost().partitionsRead(), step.cost().rowsRead(), step.cost().partitionWrites()));
        }
        table.print();
        int ttl = session.execute(session.prepare("""
                SELECT TTL(seq) FROM message_by_client_id
                WHERE channel_id = ? AND sender_id = ? AND client_msg_id = ?""").bind(CHANNEL, sender, clientMsgId))
                .one().getInt(0);
        String same = first.value().equals(retry.value()) ? "checked" : "NOT the same";
        Story.say("""
                The retry got seq %,d and message id %d back, the same as the first send (%s), and wrote
                nothing. It also checks that the message row exists: if the first attempt died between the
                claim and the message write, the retry writes the message under the claimed seq and id.
                The claim expires by itself (TTL now %,d s of 86,400): a day covers any client's retries,
                and the table stays small.""", retry.value().seq(), retry.value().messageId(), same, ttl);
        RECAP.line("a retried send: %d partition writes, and the first send's seq and id back (%s)",
                retry.cost().partitionWrites(), same);
    }
}
