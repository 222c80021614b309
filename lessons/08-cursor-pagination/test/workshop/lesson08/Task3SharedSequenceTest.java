package workshop.lesson08;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import workshop.kit.cost.TracingSession;
import workshop.testkit.CassandraExtension;
import workshop.testkit.RaceLost;

/** Task 3: one seq per message when several servers send to one channel at once. */
@ExtendWith(CassandraExtension.class)
@Tag("task-3")
class Task3SharedSequenceTest {

    static final long SENDER = 5;

    private static ChannelMessages messages;

    /** Creates the tables once per class; while createTables fails, every test fails with its error. */
    @BeforeEach
    void createOnce(TracingSession traced) {
        if (messages == null) {
            ChannelMessages fresh = new ChannelMessages(traced, 100);
            fresh.createTables();
            messages = fresh;
        }
    }

    @Test
    @DisplayName("three servers sending to one channel at once get seqs 1..30, each once, and the pages show all 30")
    void concurrentSendersShareTheSequence() throws Exception {
        long channel = 23;
        List<List<Sent>> servers = Sends.together(3, server -> IntStream.range(0, 10)
                .mapToObj(i -> messages.send(channel, server, "server-" + server + "-" + i, "message " + i + " from server " + server))
                .toList());
        Set<Long> seqs = new HashSet<>();
        for (List<Sent> server : servers) {
            for (Sent sent : server) {
                RaceLost.unless(seqs.add(sent.seq()), "seq " + sent.seq() + " was handed out twice. Move channel_head from n"
                        + " to n + 1 with a compare-and-set (UPDATE ... IF high_water_seq = n) and retry when it fails.");
            }
        }
        assertEquals(LongStream.rangeClosed(1, 30).boxed().collect(Collectors.toSet()), seqs, "the seqs handed out");
        List<Long> listed = Sends.everything(messages, channel).stream().map(Message::seq).toList();
        assertEquals(LongStream.iterate(30, n -> n >= 1, n -> n - 1).boxed().toList(), listed,
                "the channel's pages, newest first");
    }

    @Test
    @DisplayName("another server sends between this send's read of channel_head and its write: both get their own seq")
    void sendInterleaved(CqlSession plain) {
        long channel = 24;
        Sent before = messages.send(channel, SENDER, "before", "the channel's first message");
        List<Sent> other = new ArrayList<>();
        ChannelMessages server = new ChannelMessages(InterleavedSession.afterFirstRead(plain, "channel_head",
                () -> other.add(messages.send(channel, SENDER + 1, "other-server", "sent in between"))), 100);
        server.createTables();
        Sent ours = server.send(channel, SENDER, "ours", "sent after reading the head");
        assertEquals(1, other.size(), "the test's own setup: the other send ran between this send's read of"
                + " channel_head and its write (did send read channel_head?)");
        if (ours.seq() == other.get(0).seq() || ours.seq() <= before.seq()) {
            fail(String.format("""
                    Another server took seq %d between this send's read of channel_head and its write, and this send
                      got seq %d too: one of the two messages overwrites the other. Move channel_head from n to
                      n + 1 with a compare-and-set (UPDATE ... IF high_water_seq = n); when it is not applied, the
                      answer carries the current value: retry from there.""", other.get(0).seq(), ours.seq()));
        }
        assertEquals(Set.of(1L, 2L, 3L), new HashSet<>(List.of(before.seq(), other.get(0).seq(), ours.seq())),
                "the seqs of channel " + channel);
    }
}
